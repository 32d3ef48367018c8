/**
 * The record's dates and checklist on the DGUV report (docs/dguv-record.md): the next due date
 * of the machine and of each hose (rules/dguv-status `nextDueDates`; the server's snapshot once
 * the finished audit has synced, the device's rows until then), and the first-use checklist
 * of each checked hose when the occasion is "before first use".
 */
import { List, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePipeStatuses, usePipes } from '@db/hooks';
import { formatDay } from '@domain/format';
import { nextDueDates, type NextDueDates } from '@domain/rules/dguv-status';
import { FIRST_USE_ITEMS } from '@domain/schemas/dguv-answer';
import { Fact, Section } from './report-facts';
import type { ReportData, ReportLine } from './use-report-data';
import { pipeLabel } from './visual-check';

/** The next due dates the report shows; undefined while the device's are computed. */
export function useNextDue(data: ReportData): NextDueDates | undefined {
  const fromSnapshot = data.audit.snapshot?.nextDue ?? null;
  const pipes = usePipes(fromSnapshot ? '' : data.audit.machineId);
  const statuses = usePipeStatuses(fromSnapshot ? undefined : pipes);
  if (fromSnapshot) return fromSnapshot;
  return statuses ? nextDueDates(statuses) : undefined;
}

export function NextDue({ data, lines }: { data: ReportData; lines: readonly ReportLine[] }) {
  const { t, i18n } = useTranslation('dguvReport');
  const due = useNextDue(data);
  if (!due) return null;
  const day = (value: string | null | undefined) =>
    value ? formatDay(value, i18n.language) : t('report.nextDue.now');
  const hoses = lines.filter((l) => l.pipe && l.pipeId in due.hoses);
  return (
    <Section title={t('report.nextDue.title')} testId="report-next-due">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Fact label={t('report.nextDue.machine')}>
            <span data-testid="next-due-machine">{day(due.machine)}</span>
          </Fact>
        </SimpleGrid>
        {hoses.length > 0 ? (
          <List spacing={2} size="sm" aria-label={t('report.nextDue.hoses')}>
            {hoses.map((line) => {
              const { position, code } = pipeLabel(line);
              return (
                <List.Item key={line.pipeId} data-testid="next-due-hose">
                  {t('report.nextDue.hose', { position, code, date: day(due.hoses[line.pipeId]) })}
                </List.Item>
              );
            })}
          </List>
        ) : null}
      </Stack>
    </Section>
  );
}

export function FirstUseChecklist({
  data,
  lines,
}: {
  data: ReportData;
  lines: readonly ReportLine[];
}) {
  const { t } = useTranslation(['dguvReport', 'dguv']);
  if (data.audit.occasion !== 'FIRST_USE') return null;
  const checked = lines.filter((l) => l.check);
  return (
    <Section title={t('dguv:firstUse.title')} testId="report-first-use">
      {checked.length === 0 ? (
        <Text c="dimmed">{t('report.firstUse.none')}</Text>
      ) : (
        <Stack gap="sm">
          {checked.map((line) => {
            const { position, code } = pipeLabel(line);
            const list = line.check?.firstUseChecklist ?? null;
            return (
              <div key={line.pipeId} data-testid="first-use-hose">
                <Text size="sm" fw={500}>
                  {t('report.firstUse.hose', { position, code })}
                </Text>
                <List size="sm" spacing={2}>
                  {FIRST_USE_ITEMS.map((item) => {
                    const answer = list?.[item];
                    const value =
                      answer === true
                        ? t('report.yes')
                        : answer === false
                          ? t('report.no')
                          : t('report.firstUse.unanswered');
                    return (
                      <List.Item key={item}>
                        {t(`dguv:firstUse.items.${item}`)}: {value}
                      </List.Item>
                    );
                  })}
                </List>
              </div>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}
