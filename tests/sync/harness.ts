/**
 * The sync client against the REAL server in-process: a server with one customer, maker and
 * machine; devices (a fresh Dexie database each, an engine whose fetch routes to
 * `app.inject` with injectable faults, and the one write function bound to a user).
 */
import { create } from 'zustand';
import { uuidv7 } from '@domain/ids';
import { openDatabase, type SchlauchDb } from '@db/database';
import { SyncEngine } from '@sync/engine';
import { createMutator } from '@sync/mutate';
import { initialSyncStatus, type SyncStatus, type SyncStoreApi } from '@sync/sync-store';
import { actor, cms, STAFF_ALL, type Actor } from '../helpers/cms';
import { injectFetch, type FaultPlan } from '../helpers/inject-fetch';
import { startTestServer, type TestServer } from '../helpers/server';

export interface World {
  s: TestServer;
  staff: Actor;
  api: ReturnType<typeof cms>;
  ids: { company: string; manufacturer: string; machine: string };
}

export async function startWorld(env: Record<string, string> = {}): Promise<World> {
  const s = await startTestServer({ DEMO_DATA: 'off', ...env });
  const staff = await actor(s, { roles: STAFF_ALL });
  const api = cms(s, staff);
  const ids = { company: uuidv7(), manufacturer: uuidv7(), machine: uuidv7() };
  await api.create('company', { id: ids.company, name: 'Alpha GmbH' });
  await api.create('manufacturer', { id: ids.manufacturer, name: 'Bosch Rexroth' });
  const m = await api.create('machine', {
    id: ids.machine,
    companyId: ids.company,
    manufacturerId: ids.manufacturer,
    internalId: 'INV-1',
  });
  if (m.statusCode !== 201) throw new Error(m.body);
  return { s, staff, api, ids };
}

export interface Device {
  db: SchlauchDb;
  fetch: ReturnType<typeof injectFetch>;
  faults: FaultPlan;
  engine: SyncEngine;
  mutate: ReturnType<typeof createMutator>;
  store: SyncStoreApi;
  user: { current: Actor | null };
  token: { current: string | null };
}

export interface DeviceOptions {
  pullLimit?: number;
  /** Most entries per push request (small: the pipelined push shows in short runs). */
  pushBatchMax?: number;
  /** Runs before each request reaches the server (e.g. a local write while a push is in flight). */
  beforeRequest?: (path: string, init: RequestInit) => Promise<void>;
  /** Runs after the server answered (or the answer was lost), before the engine sees it. */
  afterResponse?: (path: string) => Promise<void>;
}

/** A device signed in as `who`; pass `dbName` to reopen a device's database (a reload). */
export function device(
  w: World,
  who: Actor,
  dbName: string = `device-${uuidv7()}`,
  opts: DeviceOptions = {},
): Device {
  const db = openDatabase(dbName);
  const faults: FaultPlan = { next: [] };
  const fetch = injectFetch(w.s.app, { faults });
  const routed = async (input: string, init: RequestInit) => {
    const path = new URL(input).pathname;
    await opts.beforeRequest?.(path, init);
    try {
      return await fetch(input, init);
    } finally {
      await opts.afterResponse?.(path);
    }
  };
  const user = { current: who as Actor | null };
  const token = { current: who.token as string | null };
  const store = create<SyncStatus>()(() => ({ ...initialSyncStatus }));
  const engine = new SyncEngine({
    db,
    fetch: routed,
    baseUrl: 'http://localhost',
    ...(opts.pullLimit ? { pullLimit: opts.pullLimit } : {}),
    ...(opts.pushBatchMax ? { pushBatchMax: opts.pushBatchMax } : {}),
    getToken: () => token.current,
    getUserId: () => user.current?.id ?? null,
    locks: null,
    random: () => 0,
    store,
  });
  const mutate = createMutator({ db, getUserId: () => user.current?.id ?? null });
  return { db, fetch, faults, engine, mutate, store, user, token };
}

/** The live rows of an entity on the server whose `field` equals `value`. */
export async function serverRows(w: World, path: string, field: string, value: string) {
  const res = await w.api.query(path, {
    limit: -1,
    query: { filter: [{ key: field, param: 'eq', value }] },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return (JSON.parse(res.body) as { data: Record<string, unknown>[] }).data;
}

export const pushes = (d: Device) => d.fetch.calls.filter((c) => c.path === '/api/sync/push');

/** A valid hose create body on the world's machine; codes stay unique per tag. */
export function hoseData(w: World, position: number, tag: string) {
  return {
    machineId: w.ids.machine,
    position,
    code: `${tag}-${String(position).padStart(6, '0')}`,
  };
}
