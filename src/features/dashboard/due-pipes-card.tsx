/**
 * Hoses of the selected customer or location that are overdue (never checked counts) or due
 * within 30 days, most urgent first; each links to its machine's hose list.
 */
import { Anchor, Badge, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDuePipes } from '../../db/customer-queries';
import type { CustomerScope } from './customer-scope';

/** More would make the start page a hose list; the rest is on the customer's hose page. */
const SHOWN = 25;

export function DuePipesCard({ scope }: { scope: CustomerScope }) {
  const { t, i18n } = useTranslation('dashboard');
  const due = useDuePipes(scope);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const cid = scope.companyId;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="due-pipes">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4" id="due-pipes">
          {t('due.heading')}
        </Title>
        {due && due.length > 0 ? <Badge color="red">{due.length}</Badge> : null}
      </Group>
      {due === undefined ? (
        <Skeleton height={64} />
      ) : due.length === 0 ? (
        <Text c="dimmed">{t('due.none')}</Text>
      ) : (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing={6} data-testid="due-pipes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('due.code')}</Table.Th>
                  <Table.Th>{t('due.machine')}</Table.Th>
                  <Table.Th>{t('due.nextDue')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {due.slice(0, SHOWN).map(({ pipe, machine, status }) => (
                  <Table.Tr key={pipe.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/customer/${cid}/machine/${machine.id}/parts/pipes`}
                      >
                        {pipe.code}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{machine.machineType ?? machine.internalId}</Table.Td>
                    <Table.Td>
                      {status.nextDue === null ? (
                        <Badge color="red" variant="light" tt="none">
                          {t('due.neverChecked')}
                        </Badge>
                      ) : (
                        <Text size="sm" c={status.overdue ? 'red' : 'orange'}>
                          {date.format(new Date(`${status.nextDue}T00:00:00`))}
                          {status.overdue ? ` · ${t('due.overdue')}` : ''}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {due.length > SHOWN ? (
            <Anchor component={Link} to={`/customer/${cid}/pipes`} size="sm">
              {t('due.more', { count: due.length - SHOWN })}
            </Anchor>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}
