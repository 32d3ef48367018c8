/**
 * Summary and visual check of the DGUV report (docs/architecture.md): checked of all hoses with the OK /
 * warning / defect counts, then every hose with its result and translated findings.
 */
import { Badge, SimpleGrid, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DguvResult } from '@domain/schemas/dguv-answer';
import { Fact, Section } from './report-facts';
import { useFindingLabel } from '../dguv-labels';
import type { ReportLine } from './use-report-data';

const RESULT_COLORS: Record<DguvResult | 'unchecked', string> = {
  success: 'green',
  warning: 'orange',
  error: 'red',
  unchecked: 'gray',
};

const BADGE_STYLES = {
  root: {
    overflow: 'visible',
    height: 'auto',
    minHeight: 'var(--badge-height)',
    paddingBlock: 2,
  },
  label: { overflow: 'visible', whiteSpace: 'normal', textAlign: 'center' },
} as const;

export function ResultBadge({ result }: { result: DguvResult | null }) {
  const { t } = useTranslation('dguvReport');
  const key = result ?? 'unchecked';
  return (
    <Badge
      color={RESULT_COLORS[key]}
      variant="light"
      data-testid="result-badge"
      // Never cut to "CON…" or clipped by the table: the label is the result. It wraps between
      // words ("NICHT / GEPRÜFT") and is as wide as its longest word ("AVERTISSEMENT"); the hose
      // column gives way instead (it may break anywhere), so the table fits a 390 px card.
      styles={BADGE_STYLES}
    >
      {t(`report.result.${key}`)}
    </Badge>
  );
}

export function Summary({ lines }: { lines: readonly ReportLine[] }) {
  const { t } = useTranslation('dguvReport');
  const count = (r: DguvResult) => lines.filter((l) => l.result === r).length;
  const checked = lines.filter((l) => l.check).length;
  return (
    <Section title={t('report.summary.title')} testId="report-summary">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Fact label={t('report.summary.checked')}>
          <Text fw={700} size="xl" data-testid="summary-checked">
            {t('report.summary.checkedValue', { checked, total: lines.length })}
          </Text>
        </Fact>
        {(['success', 'warning', 'error'] as const).map((r) => (
          <Fact key={r} label={t(`report.result.${r}`)}>
            <Text fw={700} size="xl" c={RESULT_COLORS[r]} data-testid={`summary-${r}`}>
              {count(r)}
            </Text>
          </Fact>
        ))}
      </SimpleGrid>
    </Section>
  );
}

export function pipeLabel(line: ReportLine): { position: string; code: string } {
  return line.pipe
    ? { position: String(line.pipe.position), code: line.pipe.code }
    : { position: '–', code: '–' };
}

export function VisualCheck({ lines }: { lines: readonly ReportLine[] }) {
  const { t } = useTranslation('dguvReport');
  const finding = useFindingLabel();
  return (
    <Section title={t('report.visual.title')} testId="report-visual">
      {lines.length === 0 ? (
        <Text c="dimmed">{t('report.visual.none')}</Text>
      ) : (
        <Table.ScrollContainer
          minWidth={0}
          // Scrolls sideways on a phone: reachable by Tab to scroll with the arrow keys.
          scrollAreaProps={{
            viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('report.visual.title') },
          }}
        >
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>{t('report.visual.position')}</Table.Th>
                <Table.Th>
                  {t('report.visual.code')} · {t('report.visual.findings')}
                </Table.Th>
                <Table.Th w={1}>{t('report.visual.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => {
                const { position, code } = pipeLabel(line);
                return (
                  <Table.Tr key={line.pipeId} data-testid="visual-row">
                    <Table.Td>{position}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm" fw={500}>
                        {code}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {line.check ? line.check.answer.map(finding).join('; ') : '–'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <ResultBadge result={line.result} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
