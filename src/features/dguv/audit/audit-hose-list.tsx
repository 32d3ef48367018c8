/**
 * The audit's hoses by position: code, critical and service-life flags, "replaced by" on a hose
 * swapped after its check, "before first use" on a new one, this audit's result, and "check"
 * or "correct" (a checked hose's result can be corrected, docs/api.md).
 */
import { Badge, Box, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AnswerRow } from '../data/audit-queries';
import type { PipeStatus } from '@db/dguv-status-reads';
import type { EntityRow } from '@db/entity-tables';
import { formatDay } from '@domain/format';
import { classifyAnswer } from '@domain/rules/dguv';
import { awaitsFirstUse } from '@domain/rules/hose-life';
import { DGUV_PATHS } from '../use-dguv-session';
import { ResultBadge } from './result-badge';
import { WRAP_BADGE } from '@components/wrap-styles';

export interface AuditHoseListProps {
  pipes: readonly EntityRow<'pipe'>[];
  /** The machine's hoses this audit does not check (a retired hose's successor may be one). */
  others?: readonly EntityRow<'pipe'>[];
  checks: ReadonlyMap<string, AnswerRow>;
  statuses: ReadonlyMap<string, PipeStatus> | undefined;
}

export function AuditHoseList({ pipes, others = [], checks, statuses }: AuditHoseListProps) {
  const { t, i18n } = useTranslation(['dguv', 'pipes']);
  const codes = new Map([...pipes, ...others].map((p) => [p.id, p.code]));
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('pipes:columns.position')}</Table.Th>
            <Table.Th>{t('pipes:columns.code')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('dguv:check.result')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('dguv:audit.check')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pipes.map((pipe) => {
            const check = checks.get(pipe.id);
            return (
              <Table.Tr key={pipe.id} data-testid="audit-hose-row">
                <Table.Td>{pipe.position}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="wrap">
                    <Text fw={600} size="sm">
                      {pipe.code}
                    </Text>
                    {pipe.isCritical ? (
                      <Badge size="xs" color="grape" variant="light">
                        {t('dguv:check.critical')}
                      </Badge>
                    ) : null}
                    <Box hiddenFrom="sm" w="100%">
                      <ResultBadge result={check ? classifyAnswer(check.answer) : null} />
                    </Box>
                    {pipe.retiredAt ? (
                      <Badge size="xs" color="gray" variant="light" styles={WRAP_BADGE}>
                        {pipe.successorId && codes.has(pipe.successorId)
                          ? t('pipes:swap.replacedBy', { code: codes.get(pipe.successorId) })
                          : t('pipes:swap.retired', {
                              date: formatDay(pipe.retiredAt, i18n.language),
                            })}
                      </Badge>
                    ) : null}
                    {statuses && awaitsFirstUse(pipe, statuses.get(pipe.id)?.lastCheck ?? null) ? (
                      <Badge size="xs" color="blue" variant="light" styles={WRAP_BADGE}>
                        {t('dguv:audit.firstUseBadge')}
                      </Badge>
                    ) : null}
                    {statuses?.get(pipe.id)?.serviceLifeExceeded ? (
                      <Badge size="xs" color="orange" variant="outline" styles={WRAP_BADGE}>
                        {t('pipes:serviceLifeExceeded')}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <ResultBadge result={check ? classifyAnswer(check.answer) : null} />
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    component={Link}
                    to={DGUV_PATHS.check(pipe.id)}
                    size="xs"
                    variant={check ? 'subtle' : 'light'}
                    aria-label={`${check ? t('dguv:audit.correct') : t('dguv:audit.check')} ${pipe.code}`}
                  >
                    {check ? t('dguv:audit.correct') : t('dguv:audit.check')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
