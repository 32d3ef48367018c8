/**
 * Defect report of the DGUV report (docs/architecture.md): every hose whose check is not OK with its
 * findings, comments, replacement and protection advice and photos (from this device until
 * uploaded, then from the server); the notes on hoses rated OK; and the signature state.
 */
import { Group, Image, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageSource } from '@components/forms/image-field';
import { useOrderSlot, type OrderCandidate } from '@components/order-slot';
import { useRow } from '@db/hooks';
import type { AuditRow } from '../data/audit-queries';
import { isServiceLifeExceeded } from '@domain/rules/service-life';
import { useCriterionLabel } from '../dguv-labels';
import { Fact, Section } from './report-facts';
import { pipeLabel, ResultBadge } from './visual-check';
import type { ReportLine } from './use-report-data';

function Photo({ answerId, photoId, alt }: { answerId: string; photoId: string; alt: string }) {
  const { t } = useTranslation('dguvReport');
  const { src } = useImageSource('dguvAnswer', answerId, photoId);
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  if (!src || failed) {
    return (
      <Text size="sm" c={failed ? 'red' : 'dimmed'}>
        {failed ? t('report.defects.photoFailed') : '…'}
      </Text>
    );
  }
  return (
    <Image src={src} alt={alt} radius="sm" h={140} fit="cover" onError={() => setFailed(true)} />
  );
}

function Defect({ line }: { line: ReportLine }) {
  const { t } = useTranslation('dguvReport');
  const finding = useCriterionLabel();
  const slot = useOrderSlot();
  const check = line.check;
  if (!check) return null;
  const { position, code } = pipeLabel(line);
  const yesNo = (v: boolean) => (v ? t('report.yes') : t('report.no'));
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="defect">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{t('report.defects.hose', { position, code })}</Text>
          <ResultBadge result={line.result} />
        </Group>
        {slot && line.pipe ? (
          <Group>
            <slot.ReplaceButton pipe={line.pipe} />
          </Group>
        ) : null}
        <List size="sm" spacing={2}>
          {check.answer.map((a) => (
            <List.Item key={a}>{finding(a)}</List.Item>
          ))}
        </List>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Fact label={t('report.defects.replaceHose')}>
            {yesNo(check.replaceHose)}
            {check.replaceHoseComment ? ` – ${check.replaceHoseComment}` : ''}
          </Fact>
          <Fact label={t('report.defects.protection')}>{yesNo(check.protectionRecommended)}</Fact>
        </SimpleGrid>
        <Reasons check={check} />
        {check.comment ? (
          <Fact label={t('report.defects.comment')}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{check.comment}</span>
          </Fact>
        ) : null}
        {check.photoIds.length > 0 ? (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs">
            {check.photoIds.map((id, i) => (
              <Photo
                key={id}
                answerId={check.id}
                photoId={id}
                alt={t('report.defects.photoAlt', { number: i + 1, code })}
              />
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The reasons the check gave (rules/dguv-reasons), beside its hose as in the PDF. */
function Reasons({ check }: { check: NonNullable<ReportLine['check']> }) {
  const { t } = useTranslation('dguv');
  return (
    <>
      {check.extensionReason ? (
        <Fact label={t('reasons.extension')}>
          <span style={{ whiteSpace: 'pre-wrap' }} data-testid="extension-reason">
            {check.extensionReason}
          </span>
        </Fact>
      ) : null}
      {check.keepReason ? (
        <Fact label={t('reasons.keep')}>
          <span style={{ whiteSpace: 'pre-wrap' }} data-testid="keep-reason">
            {check.keepReason}
          </span>
        </Fact>
      ) : null}
    </>
  );
}

/** A hose rated OK with what the inspector wrote about it (a remark, or why OK past its life). */
function OkNote({ line }: { line: ReportLine }) {
  const { t } = useTranslation('dguvReport');
  const check = line.check;
  if (!check) return null;
  const { position, code } = pipeLabel(line);
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="ok-note">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{t('report.defects.hose', { position, code })}</Text>
          <ResultBadge result={line.result} />
        </Group>
        <Reasons check={check} />
        {check.replaceHoseComment ? (
          <Fact label={t('report.okNotes.reason')}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{check.replaceHoseComment}</span>
          </Fact>
        ) : null}
        {check.comment ? (
          <Fact label={t('report.defects.comment')}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{check.comment}</span>
          </Fact>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function DefectReport({ lines }: { lines: readonly ReportLine[] }) {
  const { t } = useTranslation('dguvReport');
  const defects = lines.filter((l) => l.result === 'warning' || l.result === 'error');
  // Notes on hoses rated OK are part of the record too (the PDF prints them as well).
  const noted = lines.filter(
    (l) =>
      l.result === 'success' &&
      (l.check?.comment || l.check?.replaceHoseComment || l.check?.extensionReason),
  );
  const slot = useOrderSlot();
  // Every hose of the report that still exists can be ordered; the quick picks use the checks.
  const candidates = useMemo<OrderCandidate[]>(() => {
    const now = new Date();
    return lines.flatMap((l) =>
      l.pipe
        ? [
            {
              pipe: l.pipe,
              finding: l.result === 'warning' || l.result === 'error',
              replace: l.check?.replaceHose === true,
              pastServiceLife: isServiceLifeExceeded(l.pipe, now),
            },
          ]
        : [],
    );
  }, [lines]);
  return (
    <Section title={t('report.defects.title')} testId="report-defects">
      {slot && defects.some((l) => l.pipe) ? (
        <Group mb="sm">
          <slot.BulkButton candidates={candidates} />
        </Group>
      ) : null}
      {defects.length === 0 ? (
        <Text c="dimmed">{t('report.defects.none')}</Text>
      ) : (
        <Stack gap="sm">
          {defects.map((line) => (
            <Defect key={line.pipeId} line={line} />
          ))}
        </Stack>
      )}
      {noted.length > 0 ? (
        <Stack gap="sm" mt="md">
          <Text fw={600}>{t('report.okNotes.title')}</Text>
          {noted.map((line) => (
            <OkNote key={line.pipeId} line={line} />
          ))}
        </Stack>
      ) : null}
    </Section>
  );
}

export function SignatureState({ audit }: { audit: AuditRow }) {
  const { t } = useTranslation('dguvReport');
  const signature = useRow('signature', audit.signatureId);
  const { src } = useImageSource('signature', audit.signatureId ?? '', signature?.content ?? null);
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  return (
    <Section title={t('report.signature.title')} testId="report-signature">
      <Stack gap="xs">
        <Text c={audit.signatureId ? undefined : 'dimmed'} data-testid="signature-state">
          {audit.signatureId
            ? t('report.signature.signed', { name: signature?.auditor ?? audit.auditor })
            : t('report.signature.unsigned')}
        </Text>
        {src && !failed ? (
          <Image
            src={src}
            alt={t('report.signature.alt')}
            maw={320}
            h={120}
            fit="contain"
            onError={() => setFailed(true)}
          />
        ) : null}
        {src && failed ? (
          <Text size="sm" c="dimmed">
            {t('report.signature.imageMissing')}
          </Text>
        ) : null}
      </Stack>
    </Section>
  );
}
