import { afterEach, describe, expect, it } from 'vitest';
import { seedCustomerScope } from '@tests/fixtures/customer-scope';
import type { SchlauchDb } from '@db/database';
import { freshDb } from '@tests/fixtures/sync';
import { customerSummaries } from './customer-summaries';

let db: SchlauchDb;
afterEach(async () => {
  await db.delete();
});

describe('customer summaries', () => {
  it('summarises customers by name with main city and machine count', async () => {
    db = freshDb();
    const { a, b } = await seedCustomerScope(db);
    const rows = await customerSummaries(db);
    expect(rows.map((r) => [r.company.id, r.city, r.machineCount])).toEqual([
      [b, null, 0],
      [a, 'Dortmund', 2],
    ]);
  });
});
