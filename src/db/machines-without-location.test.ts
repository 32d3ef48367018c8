import { afterEach, describe, expect, it } from 'vitest';
import { seedCustomerScope } from '@tests/fixtures/customer-scope';
import { freshDb } from '@tests/fixtures/sync';
import type { SchlauchDb } from './database';
import { machinesWithoutLocation } from './machines-without-location';

let db: SchlauchDb;
afterEach(async () => {
  await db.delete();
});

describe('machines without location', () => {
  it("lists a customer's live machines that stand at no location", async () => {
    db = freshDb();
    const { a, m2 } = await seedCustomerScope(db);
    expect((await machinesWithoutLocation(db, a)).map((m) => m.id)).toEqual([m2]);
  });
});
