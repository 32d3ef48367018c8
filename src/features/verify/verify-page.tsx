/**
 * /verify/{reportNumber}, without sign-in (docs/dguv-record.md): whoever holds an approved DGUV
 * report — the operator, an auditor of the Berufsgenossenschaft — checks that a report with that
 * number was approved, by whom and when, and drops the PDF file to compare it with the genuine
 * one byte for byte. The file is hashed in the browser and never uploaded.
 */
import {
  Alert,
  Button,
  Code,
  FileButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatMoment } from '@domain/format';
import type { VerifiedReport } from '@domain/schemas/reports';
import { LanguageSwitcher } from '@components/language-switcher';
import { HttpError } from '@lib/api/http-errors';
import { verifyReport } from '@lib/api/verify-report';
import { sha256Hex } from '@lib/sha256';

const NUMBER_RE = /^\d{8}-[0-9A-F]{6}$/;

type Lookup =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'found'; report: VerifiedReport }
  | { kind: 'unknown' }
  | { kind: 'failed'; rateLimited: boolean };

interface Compared {
  name: string;
  sha256: string;
  genuine: boolean;
}

function Facts({ report }: { report: VerifiedReport }) {
  const { t, i18n } = useTranslation('verify');
  const rows: [string, string][] = [
    [t('number'), report.reportNumber],
    [t('approvedBy'), report.approvedBy],
    [t('approvedAt'), formatMoment(report.approvedAt, i18n.language)],
    [t('machine'), report.machineInternalId],
    [t('result'), t(`resultValue.${report.result ?? 'none'}`)],
  ];
  return (
    <Stack gap={4} data-testid="verify-facts">
      {rows.map(([label, value]) => (
        <Group key={label} gap="xs" wrap="wrap">
          <Text c="dimmed" size="sm" miw={160}>
            {label}
          </Text>
          <Text fw={600}>{value || '–'}</Text>
        </Group>
      ))}
      <Text c="dimmed" size="sm">
        {t('hash')}
      </Text>
      <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
        {report.sha256}
      </Code>
    </Stack>
  );
}

function FileCheck({ report }: { report: VerifiedReport }) {
  const { t } = useTranslation('verify');
  const [compared, setCompared] = useState<Compared | null>(null);
  const [over, setOver] = useState(false);

  const compare = async (file: File | null) => {
    if (!file) return;
    const sha256 = await sha256Hex(file);
    setCompared({ name: file.name, sha256, genuine: sha256 === report.sha256 });
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    void compare(e.dataTransfer.files[0] ?? null);
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('fileTitle')}
      </Title>
      <Paper
        withBorder
        p="lg"
        radius="md"
        data-testid="verify-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        style={{
          borderStyle: 'dashed',
          background: over ? 'var(--mantine-color-blue-0)' : undefined,
        }}
      >
        <Stack align="center" gap="sm">
          <Text ta="center" c="dimmed">
            {t('fileHint')}
          </Text>
          <FileButton onChange={(f) => void compare(f)} accept="application/pdf">
            {(props) => (
              <Button variant="default" {...props} data-testid="verify-choose">
                {t('choose')}
              </Button>
            )}
          </FileButton>
        </Stack>
      </Paper>
      {compared ? (
        <Alert
          color={compared.genuine ? 'green' : 'red'}
          role="status"
          aria-live="polite"
          data-testid="verify-result"
          data-genuine={compared.genuine}
        >
          <Stack gap={4}>
            <Text fw={600}>
              {t(compared.genuine ? 'genuine' : 'notGenuine', { name: compared.name })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('fileHash')}
            </Text>
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
              {compared.sha256}
            </Code>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}

export function VerifyPage() {
  const { t } = useTranslation('verify');
  const navigate = useNavigate();
  const { number: fromUrl = '' } = useParams();
  const [input, setInput] = useState(fromUrl.toUpperCase());
  const [invalid, setInvalid] = useState(false);
  const [lookup, setLookup] = useState<Lookup>({ kind: 'idle' });

  useEffect(() => {
    const number = fromUrl.trim().toUpperCase();
    setInput(number);
    setInvalid(number !== '' && !NUMBER_RE.test(number));
    if (!NUMBER_RE.test(number)) {
      setLookup({ kind: 'idle' });
      return undefined;
    }
    let live = true;
    setLookup({ kind: 'checking' });
    verifyReport(number)
      .then((report) => {
        if (live) setLookup(report ? { kind: 'found', report } : { kind: 'unknown' });
      })
      .catch((err: unknown) => {
        if (live)
          setLookup({
            kind: 'failed',
            rateLimited: err instanceof HttpError && err.status === 429,
          });
      });
    return () => {
      live = false;
    };
  }, [fromUrl]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const number = input.trim().toUpperCase();
    if (!NUMBER_RE.test(number)) return setInvalid(true);
    setInvalid(false);
    void navigate(`/verify/${number}`);
  };

  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%" data-testid="verify-page">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <LanguageSwitcher variant="default" />
      </Group>
      <Text>{t('intro')}</Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('number')}
            placeholder={t('numberHint')}
            value={input}
            onChange={(e) => setInput(e.currentTarget.value)}
            error={invalid ? t('numberInvalid') : undefined}
            autoCapitalize="characters"
            spellCheck={false}
            style={{ flex: '1 1 220px' }}
            data-testid="verify-number"
          />
          <Button type="submit" loading={lookup.kind === 'checking'}>
            {t('check')}
          </Button>
        </Group>
      </form>
      {lookup.kind === 'checking' ? (
        <Text role="status" aria-live="polite" c="dimmed">
          {t('checking')}
        </Text>
      ) : null}
      {lookup.kind === 'unknown' ? (
        <Alert color="orange" role="status" data-testid="verify-unknown">
          {t('unknown')}
        </Alert>
      ) : null}
      {lookup.kind === 'failed' ? (
        <Alert color="red" role="alert">
          {t(lookup.rateLimited ? 'rateLimited' : 'failed')}
        </Alert>
      ) : null}
      {lookup.kind === 'found' ? (
        <>
          <Alert color="green" role="status" data-testid="verify-found">
            <Text fw={600}>{t('found')}</Text>
          </Alert>
          <Facts report={lookup.report} />
          <FileCheck report={lookup.report} />
        </>
      ) : null}
    </Stack>
  );
}
