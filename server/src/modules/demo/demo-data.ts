/**
 * Demo data of the first start (docs/architecture.md: one command runs the whole product with demo data):
 * a hydraulics provider, two customers with addresses and contacts, machines with power units
 * and every part kind, about 200 hoses, a priceable catalogue and two finished DGUV audits.
 *
 * Deterministic (a seeded generator, fixed ids; dates counted back from the day of seeding),
 * every row validated by its domain schema, written in one transaction, and idempotent: it does
 * nothing once the provider's settings row (or any settings row) exists.
 */
import type { Kysely } from 'kysely';
import { toCalendarDate } from '@domain/rules/intervals';
import type { EntityStoreDb, Database } from '@server/db/schema';
import { addAudit } from './demo-audits';
import { fillMissingSnapshots } from '../dguv/audit-snapshot';
import {
  addCustomers,
  addManufacturers,
  addProvider,
  DEMO_PIPE_CODE_PREFIX,
} from './demo-companies';
import { addMachines } from './demo-machines';
import { addPipes } from './demo-pipes';
import { addProducts } from './demo-products';
import { DemoIds, DemoRandom } from './demo-random';
import { DemoRows } from './demo-rows';

export { DEMO_CUSTOMER_2_ID, DEMO_SETTINGS_ID } from './demo-companies';

const SEED = 0x5c4a7c;

/** Builds every demo row (validated, not yet written). */
export function buildDemoRows(now: Date): DemoRows {
  const rows = new DemoRows(now.toISOString());
  const ids = new DemoIds();
  const rnd = new DemoRandom(SEED);
  const today = toCalendarDate(now);
  addProvider(rows);
  const customers = addCustomers(rows, ids);
  const manufacturers = addManufacturers(rows, ids);
  const machines = addMachines(rows, ids, rnd, customers, manufacturers, today);
  const hoses = addProducts(rows, ids);
  const pipes = addPipes(rows, ids, rnd, machines, hoses, DEMO_PIPE_CODE_PREFIX, today);
  const [first, second] = machines;
  if (!first || !second) throw new Error('demo data needs two machines');
  addAudit(rows, ids, rnd, { machine: first, state: 'APPROVED', daysAgo: 60 }, pipes, now);
  addAudit(rows, ids, rnd, { machine: second, state: 'COMPLETE', daysAgo: 6 }, pipes, now);
  return rows;
}

const hasSettings = async (db: Kysely<EntityStoreDb>) =>
  (await db.selectFrom('companySettings').select('id').limit(1).execute()).length > 0;

/** Seeds the demo data once; true when it wrote anything. */
export async function seedDemoData(db: Kysely<Database>, now = new Date()): Promise<boolean> {
  const kysely = db.withTables<EntityStoreDb>();
  if (await hasSettings(kysely)) return false;
  const rows = buildDemoRows(now);
  try {
    await kysely.transaction().execute(async (trx) => {
      await rows.insert(trx);
      // The finished demo audits are records too: drawn from their snapshot.
      await fillMissingSnapshots(trx);
    });
  } catch (err) {
    // Another instance sharing the database seeded first (fixed ids collide): nothing to do.
    if (await hasSettings(kysely)) return false;
    throw err;
  }
  return true;
}
