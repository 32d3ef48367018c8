import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDb, type Db } from '../db/database';
import { AddressThrottle, LoginThrottle } from './login-throttle';

let db: Db;
beforeAll(async () => {
  db = openDb({ databaseUrl: ':memory:', dataDir: '' });
  await migrateToLatest(db);
});
afterAll(() => db.close());

describe('LoginThrottle', () => {
  it('allows five failures, then makes the user wait 30 s, then allows again', async () => {
    let now = 1_000_000;
    const t = new LoginThrottle(db.kysely, () => now);
    for (let i = 0; i < 4; i++) await t.fail('a');
    expect(await t.retryAfter('a')).toBe(0);
    await t.fail('a');
    expect(await t.retryAfter('a')).toBe(30);
    expect(await t.retryAfter('b')).toBe(0);
    now += 29_500;
    expect(await t.retryAfter('a')).toBe(1);
    now += 600;
    expect(await t.retryAfter('a')).toBe(0);
  });

  it('forgets failures after a success and after the 15-minute window', async () => {
    let now = 0;
    const t = new LoginThrottle(db.kysely, () => now);
    for (let i = 0; i < 4; i++) await t.fail('c');
    await t.succeed('c');
    await t.fail('c');
    expect(await t.retryAfter('c')).toBe(0);
    for (let i = 0; i < 3; i++) await t.fail('c');
    now += 16 * 60_000;
    await t.fail('c');
    expect(await t.retryAfter('c')).toBe(0);
  });
});

describe('AddressThrottle', () => {
  it('refuses an address after `limit` failures until its 15 minutes end', async () => {
    let now = 0;
    const t = new AddressThrottle(db.kysely, 3, () => now);
    await t.fail('1.2.3.4');
    now += 60_000;
    await t.fail('1.2.3.4');
    await t.fail('1.2.3.4');
    expect(await t.retryAfter('1.2.3.4')).toBe(14 * 60);
    expect(await t.retryAfter('5.6.7.8')).toBe(0);
    now += 14 * 60_000 + 1;
    expect(await t.retryAfter('1.2.3.4')).toBe(0);
  });

  it('never refuses with limit 0', async () => {
    const t = new AddressThrottle(db.kysely, 0);
    for (let i = 0; i < 100; i++) await t.fail('a');
    expect(await t.retryAfter('a')).toBe(0);
  });
});
