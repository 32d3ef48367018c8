/** A customer with a machine at a location, a priced hose and the catalogue (shop tests). */
import { Notifications } from '@mantine/notifications';
import type { ReactElement } from 'react';
import { getDatabase } from '../../db/database';
import { rowTable } from '../../db/entity-repository';
import { createMutator } from '../../sync';
import { seedMachine, serverRow } from '../../sync/test-fixtures';

export const SURCHARGE = 1250;
/** 1 m hose at 10.00 €/m + two fittings at 5.00 € + surcharge 12.50 € = 32.50 €. */
export const UNIT_CENTS = 1000 + 2 * 500 + SURCHARGE;

export async function seedShop() {
  const db = getDatabase();
  const seeded = await seedMachine(db);
  const locationId = (
    await rowTable(db, 'location').put(
      serverRow({
        companyId: seeded.companyId,
        street: 'Werkstraße',
        houseNumber: '5',
        zip: '12345',
        city: 'Halle',
        addition: null,
        distance: null,
        type: 'MAIN',
      }),
    )
  ).toString();
  const machine = await rowTable(db, 'machine').get(seeded.machineId);
  await rowTable(db, 'machine').put({ ...machine!, locationId });
  await rowTable(db, 'companySettings').put(
    serverRow({ name: 'Firma', pipeCodePrefix: 'SM', assemblySurchargeCents: SURCHARGE }),
  );
  const product = (fields: Record<string, unknown>) =>
    rowTable(db, 'product').put(
      serverRow({ maxPn: null, fittingType: null, accessory: null, active: true, ...fields }),
    );
  await product({
    name: 'Schlauch 2SN DN10',
    unit: 'METER',
    kind: 'HOSE',
    dn: 10,
    maxPn: 330,
    priceCents: 1000,
  });
  await product({
    name: 'Fitting DKOL',
    unit: 'PIECE',
    kind: 'FITTING',
    dn: 10,
    fittingType: '24METRISCH',
    priceCents: 500,
  });
  const mutate = createMutator({ db, getUserId: () => 'u1' });
  const fitting = { type: '24METRISCH' as const, twistAngle: 0, socket: null };
  const pipe = await mutate.create('pipe', {
    machineId: seeded.machineId,
    position: 1,
    code: 'SM-000001',
    dn: 10,
    maxPn: 300,
    length: 1000,
    fittingLeft: fitting,
    fittingRight: fitting,
  });
  const unpriced = await mutate.create('pipe', {
    machineId: seeded.machineId,
    position: 2,
    code: 'SM-000002',
    dn: 99,
    length: 500,
  });
  // The hoses' own create calls are not what the shop tests look at.
  await db.outbox.clear();
  return { ...seeded, locationId, pipe, unpriced };
}

export const withNotifications = (ui: ReactElement) => (
  <>
    <Notifications />
    {ui}
  </>
);
