/**
 * "History of the position" on the hose screen (docs/hose-lifecycle.md): every assembly that
 * sat at this hose's position, newest first, read on the device (offline): its code linked to
 * its own screen, its production, installation and retirement days, and a table of its
 * inspections (day, occasion, result with the findings). An ordered list of sections, each
 * table with its caption; the tables wrap their text, so a 390 px phone needs no sideways
 * scroll.
 */
import { Anchor, Badge, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '@lib/i18n/use-format';
import { dguvAnswerKey } from '@lib/i18n/dguv-answer-key';
import { usePositionHistory, type PositionAssembly } from './data/position-history-queries';
import { ResultBadge } from './hose-cells';
import classes from './position-history.module.css';

function Assembly(props: { assembly: PositionAssembly; current: boolean; href: string }) {
  const { assembly, current, href } = props;
  const { pipe, inspections } = assembly;
  const { t } = useTranslation(['pipes', 'enums', 'dguv']);
  const fmt = useFormat();
  const day = (value: string | null) => (value ? fmt.day(value) : '—');
  const finding = (value: string) => {
    const key = dguvAnswerKey(value);
    return key ? t(`dguv:${key}`) : value;
  };
  return (
    <li className={classes.entry} data-testid="position-history-entry">
      <Group gap="xs" wrap="wrap" mb={4}>
        <Title order={4} size="h5">
          {current ? (
            <span aria-current="page">{pipe.code}</span>
          ) : (
            <Anchor component={Link} to={href}>
              {pipe.code}
            </Anchor>
          )}
        </Title>
        {current ? (
          <Badge variant="light" color="blue">
            {t('positionHistory.current')}
          </Badge>
        ) : null}
        <Badge variant="light" color={pipe.retiredAt ? 'gray' : 'green'}>
          {pipe.retiredAt ? t('positionHistory.retired') : t('positionHistory.installed')}
        </Badge>
      </Group>
      <dl className={classes.facts}>
        <div>
          <dt>{t('form.productionDate')}</dt>
          <dd>{day(pipe.productionDate)}</dd>
        </div>
        <div>
          <dt>{t('form.installationDate')}</dt>
          <dd>{day(pipe.installationDate)}</dd>
        </div>
        <div>
          <dt>{t('positionHistory.retiredAt')}</dt>
          <dd>{day(pipe.retiredAt)}</dd>
        </div>
      </dl>
      {pipe.retiredReason ? (
        <Text size="sm" mb="xs">
          {t('positionHistory.reason', { reason: pipe.retiredReason })}
        </Text>
      ) : null}
      {inspections.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('positionHistory.noInspections')}
        </Text>
      ) : (
        <Table layout="fixed" captionSide="top" className={classes.table} verticalSpacing={4}>
          <Table.Caption className={classes.caption}>
            {t('positionHistory.inspections', { code: pipe.code })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('history.date')}</Table.Th>
              <Table.Th scope="col">{t('positionHistory.occasion')}</Table.Th>
              <Table.Th scope="col">{t('history.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inspections.map((check) => (
              <Table.Tr key={check.auditId}>
                <Table.Td>{fmt.day(check.checkedAt)}</Table.Td>
                <Table.Td>{t(`enums:AUDIT_OCCASION.${check.occasion}`)}</Table.Td>
                <Table.Td>
                  <ResultBadge result={check.result} />
                  {check.findings.length > 0 ? (
                    <ul className={classes.findings}>
                      {check.findings.map((value) => (
                        <li key={value}>{finding(value)}</li>
                      ))}
                    </ul>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </li>
  );
}

export function PositionHistory(props: { pipeId: string; hrefOf: (pipeId: string) => string }) {
  const { pipeId, hrefOf } = props;
  const { t } = useTranslation('pipes');
  const assemblies = usePositionHistory(pipeId);
  const titleId = useId();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h4" mb="xs" id={titleId}>
        {t('positionHistory.title')}
      </Title>
      {assemblies === undefined ? (
        <Skeleton height={48} />
      ) : assemblies === null ? null : (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            {t('positionHistory.count', { count: assemblies.length })}
          </Text>
          <ol className={classes.list} aria-labelledby={titleId} data-testid="position-history">
            {assemblies.map((assembly) => (
              <Assembly
                key={assembly.pipe.id}
                assembly={assembly}
                current={assembly.pipe.id === pipeId}
                href={hrefOf(assembly.pipe.id)}
              />
            ))}
          </ol>
        </>
      )}
    </Card>
  );
}
