/**
 * The office's day plan (docs/architecture.md "Day plan"): pick the customer, its locations,
 * the day and the technician; the screen proposes the machines due or overdue on that day,
 * the new hoses to inspect before first use and the delivered replacements waiting to be
 * installed (rules/day-plan); staff reorder, remove and add machines, see what to take along,
 * and save. A saved plan opens here again for changes (its customer stays).
 */
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  MultiSelect,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies, useLocations } from '@db/hooks';
import { useDbQuery } from '@db/hooks';
import { moveMachine, planTasks, proposeMachines, takeAlong } from '@domain/rules/day-plan';
import type { EntityRow } from '@db/entity-tables';
import { localDay } from '@lib/selection/selection-store';
import { useFormat } from '@lib/i18n/use-format';
import { createDayPlan, updateDayPlan } from './data/day-plan-writes';
import { allPlans, planInputs } from './data/plan-inputs';
import { useTechnicians } from './data/use-technicians';
import { machineName } from './plan-paths';
import { TaskBadges } from './plan-tasks-list';

type Problem = 'company' | 'technician' | 'date' | 'machines';

export function DayPlanScreen() {
  const { t } = useTranslation('dayPlan');
  const format = useFormat();
  const companies = useCompanies();
  const technicians = useTechnicians();
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [locationIds, setLocationIds] = useState<string[]>([]);
  const [date, setDate] = useState(localDay);
  const [technicianId, setTechnicianId] = useState<string | null>(null);
  const [machineIds, setMachineIds] = useState<string[] | null>(null);
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [saved, setSaved] = useState<'created' | 'updated' | null>(null);
  /** The saved plan being changed (its id and the version the change is based on). */
  const [editing, setEditing] = useState<{ id: string; version: number; date: string } | null>(
    null,
  );
  const locations = useLocations(companyId ?? '');
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const data = useDbQuery(
    (db) => (companyId && validDate ? planInputs(db, companyId, locationIds, date) : null),
    [companyId, locationIds.join(','), date, validDate],
  );
  const plans = useDbQuery((db) => allPlans(db), []);
  const proposal = data ? proposeMachines(data, date) : [];
  const chosen = machineIds ?? proposal.map((p) => p.machineId);
  const tasks = data ? planTasks(chosen, data, date) : [];
  const along = data ? takeAlong(chosen, data.waitingReplacements) : [];
  const addable = data
    ? [...data.machineRows.values()]
        .filter((m) => !chosen.includes(m.id))
        .map((m) => ({ value: m.id, label: machineName(m) }))
        .sort((a, b) => a.label.localeCompare(b.label))
    : [];
  const companyName = new Map((companies ?? []).map((c) => [c.id, c.name]));
  const techName = new Map(
    technicians.status === 'ready' ? technicians.list.map((x) => [x.id, x.name]) : [],
  );

  const reset = () => {
    setMachineIds(null);
    setSaved(null);
  };

  /** Opens a saved plan for changes. */
  const edit = (plan: EntityRow<'dayPlan'>) => {
    setCompanyId(plan.companyId);
    setLocationIds(plan.locationIds);
    setDate(plan.date);
    setTechnicianId(plan.technicianId);
    setMachineIds(plan.machineIds);
    setNote(plan.note ?? '');
    setProblems([]);
    setSaved(null);
    setEditing({ id: plan.id, version: plan.version, date: plan.date });
  };

  /** Back to an empty form for a new plan. */
  const startNew = () => {
    setCompanyId(null);
    setLocationIds([]);
    setDate(localDay());
    setTechnicianId(null);
    setMachineIds(null);
    setNote('');
    setProblems([]);
    setSaved(null);
    setEditing(null);
  };

  async function save() {
    const found: Problem[] = [];
    if (!companyId) found.push('company');
    if (!technicianId) found.push('technician');
    if (!validDate) found.push('date');
    if (chosen.length === 0) found.push('machines');
    setProblems(found);
    if (found.length > 0 || !companyId || !technicianId) return;
    const draft = {
      date,
      technicianId,
      locationIds,
      machineIds: chosen,
      note: note.trim() || null,
    };
    if (editing) {
      const row = await updateDayPlan(editing.id, draft, editing.version);
      setEditing({ id: row.id, version: row.version, date: row.date });
      setSaved('updated');
      return;
    }
    await createDayPlan({ companyId, ...draft });
    setSaved('created');
  }

  const error = (p: Problem) => (problems.includes(p) ? t(`problem.${p}`) : undefined);

  return (
    <Stack gap="lg" data-testid="day-plan-screen">
      <Title order={1}>{t('title')}</Title>
      {editing ? (
        <Alert color="blue" data-testid="plan-editing">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{t('editing', { date: format.day(editing.date) })}</Text>
            <Button variant="default" onClick={startNew} mih={44}>
              {t('newPlan')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group grow wrap="wrap" align="flex-start">
            <Select
              label={t('field.customer')}
              data={(companies ?? []).map((c) => ({ value: c.id, label: c.name }))}
              value={companyId}
              onChange={(v) => {
                setCompanyId(v);
                setLocationIds([]);
                reset();
              }}
              searchable
              required
              disabled={editing !== null}
              error={error('company')}
              miw={220}
            />
            <MultiSelect
              label={t('field.locations')}
              placeholder={t('field.allLocations')}
              data={(locations ?? []).map((l) => ({
                value: l.id,
                label: [l.street, l.houseNumber, l.city].filter(Boolean).join(' '),
              }))}
              value={locationIds}
              onChange={(v) => {
                setLocationIds(v);
                reset();
              }}
              disabled={!companyId}
              miw={220}
            />
          </Group>
          <Group grow wrap="wrap" align="flex-start">
            <TextInput
              type="date"
              label={t('field.date')}
              value={date}
              onChange={(e) => {
                setDate(e.currentTarget.value);
                reset();
              }}
              required
              error={error('date')}
              miw={180}
            />
            <Select
              label={t('field.technician')}
              data={
                technicians.status === 'ready'
                  ? technicians.list.map((x) => ({ value: x.id, label: x.name }))
                  : []
              }
              value={technicianId}
              onChange={(v) => {
                setTechnicianId(v);
                setSaved(null);
              }}
              required
              error={
                error('technician') ??
                (technicians.status === 'error' ? t('techniciansOffline') : undefined)
              }
              miw={220}
            />
          </Group>
          <Textarea
            label={t('field.note')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            autosize
            minRows={2}
          />
        </Stack>
      </Card>

      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              {t('machines.heading')}
            </Title>
            {machineIds !== null ? (
              <Button variant="subtle" onClick={() => setMachineIds(null)}>
                {t('machines.repropose')}
              </Button>
            ) : null}
          </Group>
          {!companyId ? <Text c="dimmed">{t('machines.pickCustomer')}</Text> : null}
          {companyId && data && tasks.length === 0 ? (
            <Text c="dimmed">{t('machines.none')}</Text>
          ) : null}
          {error('machines') ? (
            <Text c="red" role="alert">
              {error('machines')}
            </Text>
          ) : null}
          {companyId && data && addable.length > 0 ? (
            <Select
              label={t('machines.add')}
              description={t('machines.addHint')}
              data={addable}
              value={null}
              onChange={(v) => {
                if (v) setMachineIds([...chosen, v]);
                setSaved(null);
              }}
              searchable
              maw={420}
            />
          ) : null}
          <ol style={{ margin: 0, paddingInlineStart: 20 }} aria-label={t('machines.heading')}>
            {tasks.map((task, i) => {
              const m = data?.machineRows.get(task.machineId);
              const name = m ? machineName(m) : task.machineId;
              return (
                <li key={task.machineId} data-testid="plan-machine">
                  <Group justify="space-between" wrap="wrap" gap="xs" py={4}>
                    <Stack gap={2}>
                      <Text fw={600}>{name}</Text>
                      <TaskBadges tasks={task} />
                    </Stack>
                    <Group gap={4}>
                      <ActionIcon
                        variant="default"
                        size={44}
                        aria-label={t('machines.up', { name })}
                        disabled={i === 0}
                        onClick={() => setMachineIds(moveMachine(chosen, i, i - 1))}
                      >
                        ↑
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        size={44}
                        aria-label={t('machines.down', { name })}
                        disabled={i === tasks.length - 1}
                        onClick={() => setMachineIds(moveMachine(chosen, i, i + 1))}
                      >
                        ↓
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        size={44}
                        aria-label={t('machines.remove', { name })}
                        onClick={() => setMachineIds(chosen.filter((id) => id !== task.machineId))}
                      >
                        ✕
                      </ActionIcon>
                    </Group>
                  </Group>
                </li>
              );
            })}
          </ol>
        </Stack>
      </Card>

      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="xs">
          {t('takeAlong.heading')}
        </Title>
        {along.length === 0 ? (
          <Text c="dimmed">{t('takeAlong.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('takeAlong.machine')}</Table.Th>
                  <Table.Th>{t('takeAlong.position')}</Table.Th>
                  <Table.Th>{t('takeAlong.assembly')}</Table.Th>
                  <Table.Th>{t('takeAlong.quantity')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {along.map((r) => {
                  const m = data?.machineRows.get(r.machineId);
                  return (
                    <Table.Tr key={r.orderItemId}>
                      <Table.Td>{m ? machineName(m) : r.machineId}</Table.Td>
                      <Table.Td>
                        {r.position} · {r.code}
                      </Table.Td>
                      <Table.Td>{r.name}</Table.Td>
                      <Table.Td>{r.quantity}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>

      <Group>
        <Button onClick={() => void save()} mih={44}>
          {editing ? t('saveChanges') : t('save')}
        </Button>
      </Group>
      {saved ? (
        <Alert color="green" role="status">
          {saved === 'updated' ? t('updated') : t('saved')}
        </Alert>
      ) : null}

      <Card withBorder padding="md">
        <Title order={2} size="h4" mb="xs">
          {t('plans.heading')}
        </Title>
        {plans && plans.length === 0 ? <Text c="dimmed">{t('plans.none')}</Text> : null}
        <Stack gap={4}>
          {(plans ?? []).map((p) => (
            <Group key={p.id} justify="space-between" wrap="wrap" gap="xs" data-testid="saved-plan">
              <Text>
                {t('plans.line', {
                  date: format.day(p.date),
                  customer: companyName.get(p.companyId) ?? '',
                  technician: techName.get(p.technicianId) ?? p.technicianId,
                  count: p.machineIds.length,
                })}
              </Text>
              <Button
                variant="subtle"
                mih={44}
                onClick={() => {
                  edit(p);
                  window.scrollTo?.({ top: 0 });
                }}
                aria-current={editing?.id === p.id ? 'true' : undefined}
              >
                {t('plans.edit', { date: format.day(p.date) })}
              </Button>
            </Group>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
