/**
 * /cheatsheet: a one-page field guide for technicians — the nine DGUV 113-020 findings and
 * the illegible marking (DIN 20066) with what to look for, the service-life rules (numbers
 * from rules/service-life, so the sheet and the app's finding-9 preselection never
 * disagree), how to read a hose marking, the audit flow and the offline rules. Texts only, no data: it is a lazy route the service
 * worker precaches with the build, so it reads offline. Prints on paper without the app shell.
 */
import { Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DGUV_FINDINGS } from '@domain/schemas/dguv-answer';
import { MAX_STORAGE_MONTHS, SERVICE_LIFE_MONTHS } from '@domain/rules/service-life';
import { PRINT_CSS } from './print-css';

const FINDING_KEYS = ['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8', 'f9', 'f10'] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby={id}
      className="cheat-section"
    >
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export function CheatsheetScreen() {
  const { t, i18n } = useTranslation(['cheatsheet', 'dguv']);
  const german = i18n.language === 'de';
  const years = (months: number) => months / 12;
  return (
    <Stack gap="md" className="cheatsheet" data-testid="cheatsheet">
      <style>{PRINT_CSS}</style>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 280px' }}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <Button variant="light" onClick={() => window.print()} mih={44} className="cheat-no-print">
          {t('print')}
        </Button>
      </Group>

      <Section id="cheat-findings" title={t('findings.heading')}>
        <Text size="sm" mb="sm">
          {t('findings.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm" verticalSpacing="sm">
          {FINDING_KEYS.map((key, i) => (
            <div key={key} data-testid={`cheat-finding-${i + 1}`}>
              <Text fw={700} size="sm">
                {i + 1}. {t(`dguv:answers.${key}`)}
              </Text>
              {/* The German wording is what the report prints (DGUV 113-020 Annex 1). */}
              {german ? null : (
                <Text size="xs" c="dimmed" lang="de">
                  {DGUV_FINDINGS[i]}
                </Text>
              )}
              <Text size="sm">{t(`findings.${key}`)}</Text>
            </div>
          ))}
        </SimpleGrid>
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section id="cheat-life" title={t('life.heading')}>
          <List size="sm" spacing={4}>
            <List.Item>
              {t('life.normal', {
                years: years(SERVICE_LIFE_MONTHS.normal),
                storage: years(MAX_STORAGE_MONTHS),
              })}
            </List.Item>
            <List.Item>
              {t('life.critical', { years: years(SERVICE_LIFE_MONTHS.critical) })}
            </List.Item>
            <List.Item>{t('life.from')}</List.Item>
            <List.Item>{t('life.longer')}</List.Item>
            <List.Item>{t('life.interval')}</List.Item>
          </List>
        </Section>

        <Section id="cheat-marking" title={t('marking.heading')}>
          <Text size="sm">{t('marking.intro')}</Text>
          <Text size="sm" ff="monospace" fw={600} my={6} style={{ overflowWrap: 'break-word' }}>
            {t('marking.example')}
          </Text>
          <List size="sm" spacing={4}>
            {(['manufacturer', 'type', 'dn', 'pressure', 'date'] as const).map((k) => (
              <List.Item key={k}>{t(`marking.${k}`)}</List.Item>
            ))}
          </List>
          <Text size="sm" mt={6} fw={500}>
            {t('marking.missing')}
          </Text>
        </Section>

        <Section id="cheat-flow" title={t('flow.heading')}>
          <List type="ordered" size="sm" spacing={4}>
            {(['s1', 's2', 's3', 's4', 's5'] as const).map((k) => (
              <List.Item key={k}>{t(`flow.${k}`)}</List.Item>
            ))}
          </List>
        </Section>

        <Section id="cheat-offline" title={t('offline.heading')}>
          <List size="sm" spacing={4}>
            {(['first', 'works', 'sync', 'signOut', 'keep', 'issues'] as const).map((k) => (
              <List.Item key={k}>{t(`offline.${k}`)}</List.Item>
            ))}
          </List>
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
