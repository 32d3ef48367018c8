/** Whether a report is signed, by whom and when, with the signature image once it exists. */
import { Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRow } from '@db/hooks';
import { useImageSource } from '@components/forms/image-field';
import { REPORT_NS, type ReportEntity, type ReportRow } from './report-kinds';
import { formatDay } from '@domain/format';

export function ReportSignature({ entity, report }: { entity: ReportEntity; report: ReportRow }) {
  const { t, i18n } = useTranslation(REPORT_NS[entity]);
  const signature = useRow('signature', report.signatureId);
  const { src } = useImageSource('signature', report.signatureId ?? '', signature?.content ?? null);
  const signed = report.state === 'COMPLETE' && report.signatureId;
  // Right after an upload the server may not have applied the signature yet: try again once
  // the row changes (the push answer updates it) instead of keeping a broken picture.
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src, signature?.updatedAt]);
  return (
    <Paper withBorder p="md" radius="md" data-testid="report-signature">
      <Stack gap="xs">
        <Title order={3}>{t('report.signature')}</Title>
        <Text c={signed ? undefined : 'dimmed'}>
          {signed
            ? t('report.signedBy', {
                name: report.technician,
                date: formatDay(report.date, i18n.language),
              })
            : t('report.unsigned')}
        </Text>
        {signed && src && !failed ? (
          <Image
            key={signature?.updatedAt}
            src={src}
            alt={t('report.signatureAlt')}
            maw={320}
            h={120}
            fit="contain"
            onError={() => setFailed(true)}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
