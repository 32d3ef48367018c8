/**
 * Fixtures of the power-unit component tests (not used by the app): a customer's machine with
 * one power unit in the app database, a signed-in user, and the screens rendered at their
 * SPEC §2 routes with the confirm dialog mounted.
 */
import { act, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ConfirmDialog } from '../../components/confirm';
import { getDatabase } from '../../db/database';
import { rowTable } from '../../db/entity-repository';
import type { PartEntityName } from '../../domain/schemas/parts';
import type { SessionUser } from '../../domain/schemas/session';
import { useAuthStore } from '../../lib/auth';
import { renderRoute } from '../../lib/testing/render';
import { initialAuthStateForTest } from '../../lib/testing/test-users';
import { createMutator } from '../../sync';
import { seedMachine, serverRow } from '../../sync/test-fixtures';
import { partSegment } from './part-kinds';
import { powerUnitPaths, type PowerUnitPaths } from './paths';

export const MACHINE_ROUTE = '/customer/:customerId/machine/:machineId';
export const UNIT_ROUTE = `${MACHINE_ROUTE}/power-unit/:powerUnitId`;

export function signIn(user: SessionUser): void {
  useAuthStore.setState({
    ...initialAuthStateForTest,
    status: 'authenticated',
    user,
    accessToken: 't',
  });
}

/** A machine with one hydraulic power unit, as if pulled from the server. */
export async function seedPowerUnit(): Promise<PowerUnitPaths & { companyId: string }> {
  const db = getDatabase();
  const { companyId, machineId } = await seedMachine(db);
  const mutator = createMutator({ db, getUserId: () => 'seed' });
  const unit = await mutator.create('aggregate', { machineId, type: 'HYDRAULIC' });
  return { ...powerUnitPaths(companyId, machineId, unit.id), companyId };
}

/** A stored part as the server has it (version 3), for edit and delete tests. */
export async function seedPart(
  kind: PartEntityName,
  unit: { powerUnitId: string; companyId: string },
  fields: Record<string, unknown>,
): Promise<string> {
  const row = serverRow({
    companyId: unit.companyId,
    aggregateId: unit.powerUnitId,
    version: 3,
    comment: null,
    ...fields,
  });
  await rowTable(getDatabase(), kind).put(row);
  return row.id;
}

/** Renders `ui` at the part kind's route `below` the power unit ('' list, '/create', '/:partId'). */
export function renderPartRoute(
  ui: ReactElement,
  kind: PartEntityName,
  below: '' | '/create' | '/:partId',
  url: string,
) {
  const list = `${UNIT_ROUTE}/${partSegment(kind)}`;
  return renderRoute(
    <>
      {ui}
      <ConfirmDialog />
    </>,
    { path: `${list}${below}`, url, others: [list, `${list}/create`] },
  );
}

/** The open confirm dialog's button (its name is the dialog's confirm or cancel text). */
export function dialogButton(name: string) {
  return within(screen.getByRole('dialog')).getByRole('button', { name });
}

export const flush = () => act(() => new Promise((r) => setTimeout(r, 0)));

export async function outboxOf(recordId: string) {
  const entries = await getDatabase().outbox.toArray();
  return entries.filter((e) => e.recordId === recordId);
}

/** Saving navigates after an IndexedDB transaction: allow for a busy test machine. */
export const SLOW = { timeout: 5000 };
