/**
 * `/h/{code}`: the link in a label's QR code, opened by any phone camera or by the
 * app's own scanner. The code is looked up on this device (offline too; live, so a hose that
 * arrives with the first sync still opens) and the screen forwards — replacing itself in the
 * history — to the hose's check in the running DGUV audit of its machine, else to its page.
 * A code not on this device says so, with a field to type another code and the scanner.
 */
import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@components/page-header';
import { useDbQuery } from '@db/hooks';
import { codeFromScan, hoseLinkPath } from '@domain/rules/hose-link';
import { useCanEdit } from '@lib/auth';
import { CodeEntry } from './code-entry';
import { findHoseByCode } from './data/hose-lookup';
import { ScanButton } from './scan-button';
import { hoseTarget, type AuditCheckHref } from './scan-target';

export interface HoseLinkScreenProps {
  /** The DGUV feature's running-audit check, composed in by the app. */
  auditCheck?: AuditCheckHref;
}

export function HoseLinkScreen({ auditCheck }: HoseLinkScreenProps) {
  const { t } = useTranslation('pipes');
  const navigate = useNavigate();
  const { code: param = '' } = useParams();
  const code = param.trim();
  const canEdit = useCanEdit();
  const pipe = useDbQuery((db) => findHoseByCode(db, code), [code]);
  const [target, setTarget] = useState<{ pipeId: string; href: string } | null>(null);
  const [typedError, setTypedError] = useState<string | null>(null);

  useEffect(() => {
    if (!pipe) return undefined;
    let current = true;
    void hoseTarget(pipe, canEdit, auditCheck).then((href) => {
      if (current) setTarget({ pipeId: pipe.id, href });
    });
    return () => {
      current = false;
    };
  }, [pipe, canEdit, auditCheck]);

  if (pipe && target?.pipeId === pipe.id) return <Navigate to={target.href} replace />;
  if (pipe !== null) {
    return (
      <Center py="xl" role="status">
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <>
      <PageHeader title={t('scan.linkTitle')} actions={<ScanButton />} />
      <Stack gap="md" maw={560}>
        <Alert color="yellow" role="alert" data-testid="hose-link-unknown">
          {t('scan.notOnDevice', { code })} {t('scan.notOnDeviceHint')}
        </Alert>
        <CodeEntry
          autoFocus
          error={typedError}
          onSubmit={async (text) => {
            const typed = codeFromScan(text);
            setTypedError(typed ? null : t('scan.notHose'));
            if (typed) await navigate(hoseLinkPath(typed));
          }}
        />
      </Stack>
    </>
  );
}
