/**
 * Demo users of docs/operations.md (password `demo`), seeded on the first start of an empty database.
 * The ids are fixed so that demo data of later modules can refer to them. Seeding runs under the
 * start-up lock (db/database.ts) and inserts nothing that is already there, so instances
 * started together on one empty database all come up.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { countUsers, insertUser } from './users.repository';
import { hashPassword } from './password';

/** The first demo customer company; `kunde` belongs to it. */
export const DEMO_CUSTOMER_ID = '01936b2e-0000-7000-8000-00000000c001';

export const DEMO_USERS = [
  {
    id: '01936b2e-0000-7000-8000-00000000a001',
    username: 'admin',
    firstName: 'Anna',
    lastName: 'Admin',
    email: 'admin@schlauchmanager.example',
    roles: ['admin', 'module-dguv', 'ui-admininstrator', 'admin-shop'],
    customerId: null,
  },
  {
    id: '01936b2e-0000-7000-8000-00000000a002',
    username: 'techniker',
    firstName: 'Tom',
    lastName: 'Techniker',
    email: 'techniker@schlauchmanager.example',
    roles: ['module-dguv'],
    customerId: null,
  },
  {
    id: '01936b2e-0000-7000-8000-00000000a003',
    username: 'buero',
    firstName: 'Bea',
    lastName: 'Büro',
    email: 'buero@schlauchmanager.example',
    roles: ['ui-admininstrator', 'admin-shop', 'module-dguv'],
    customerId: null,
  },
  {
    id: '01936b2e-0000-7000-8000-00000000a004',
    username: 'kunde',
    firstName: 'Karl',
    lastName: 'Kunde',
    email: 'kunde@kunde.example',
    roles: [],
    customerId: DEMO_CUSTOMER_ID,
  },
] as const;

export const DEMO_PASSWORD = 'demo';

export async function seedDemoUsers(db: Kysely<Database>): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    for (const u of DEMO_USERS) {
      await insertUser(trx, { ...u, roles: [...u.roles], passwordHash }, { ifAbsent: true });
    }
    await trx
      .insertInto('customerBranding')
      .values({
        customerId: DEMO_CUSTOMER_ID,
        name: 'Muster Hydraulik Kunde GmbH',
        primaryColor: 'teal',
        faviconUrl: null,
        updatedAt: new Date().toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
  return true;
}
