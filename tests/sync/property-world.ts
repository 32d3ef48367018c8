/**
 * One run of the sync property test: a fresh server world, two devices (two users or one),
 * the generated actions, then a quiet phase without faults. What happened is recorded for
 * the invariants (property-invariants.ts): every outbox entry seen, every create, every
 * value written by a user, every captured file, purged tombstones and every request.
 */
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { StoredBlob } from '@db/blob-repository';
import { uuidv7 } from '@domain/ids';
import type { OutboxEntry } from '@db/records';
import { captureImage } from '@sync/blob-capture';
import { BlobQueue } from '@sync/blob-queue';
import { MutationError } from '@sync/errors';
import { allNumbered, clientStreams } from '@db/meta-repository';
import type { SchlauchDb } from '@db/database';
import { heldEntries, isOpen, withWireSeqs } from '@sync/outbox';
import { finishAudit, saveCheck, startAudit } from '@features/dguv/data/audit-writes';
import { purgeTombstones, TOMBSTONE_RETENTION_DAYS } from '@server/sync/pull.service';
import { actor, STAFF_ALL, type Actor } from '../helpers/cms';
import { tinyJpeg, tinyPng } from '../helpers/files';
import type { InjectFetch } from '../helpers/inject-fetch';
import { device, startWorld, type Device, type World } from './harness';
import {
  MACHINE_FIELDS,
  PIPE_FIELDS,
  type Action,
  type Fault,
  type SyncPath,
  type Write,
} from './property-actions';
import { uploadFetch, type UploadCall } from './property-upload';

/** The entities the runs write (and the invariants compare). */
export const ENTITIES = ['machine', 'pipe', 'dguvAudit', 'dguvAnswer', 'signature'] as const;
export type Entity = (typeof ENTITIES)[number];

export type Row = Record<string, unknown> & { id: string; deletedAt: unknown; version: number };

/** A one-shot local write run inside the engine's request to `path`. */
interface Hook {
  after: boolean;
  path: string;
  run: () => Promise<void>;
}

export interface Slot {
  dev: Device;
  dbName: string;
  who: Actor;
  /** Every engine fetch this device used (restarts and second tabs add theirs). */
  fetches: InjectFetch[];
  uploads: UploadCall[];
  hook: Hook | null;
}

export interface Created {
  entity: Entity;
  id: string;
  slot: number;
}

/** A value a user set (in action order); the last one per field must reach the server. */
export interface Written {
  entity: Entity;
  id: string;
  field: string;
  value: unknown;
  slot: number;
  /** The outbox entry the write went into (merged into an unsent one, or a new one). */
  entry?: string;
  /** The field's value on the device when it was written (for updates of a shown row). */
  before?: unknown;
}

export interface CapturedFile {
  id: string;
  sha256: string;
  bytes: Buffer;
  entity: Entity;
  rowId: string;
}

/** What the runs exercised (so a green run is known not to be vacuous). */
export const seen: Record<string, number> = {};
export const count = (key: string, n = 1) => {
  seen[key] = (seen[key] ?? 0) + n;
};

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const identity = (b: Blob) => Promise.resolve(b);
/** Blob-queue clock: far ahead, so a retry's backoff never makes the quiet phase wait. */
const blobNow = () => Date.now() + 3_600_000;
/** Entries per push request: small, so a run's pushes are pipelined. */
const PROPERTY_PUSH_BATCH = 2;
const AUDIT_VALUES = ['OK', 'Verformungen', 'Undichte Stellen'] as const;

let runNo = 0;

export class PropertyRun {
  readonly tag: string;
  slots: Slot[] = [];
  readonly created: Created[] = [];
  readonly mutations = new Map<string, Pick<OutboxEntry, 'recordId' | 'kind'>>();
  readonly written: Written[] = [];
  readonly files = new Map<string, CapturedFile>();
  readonly purged = new Set<string>();
  private readonly codes: string[] = [];
  private codeNo = 0;
  private fileNo = 0;

  private constructor(readonly w: World) {
    runNo += 1;
    this.tag = `R${runNo}`;
  }

  static start(sameUser: boolean): Promise<PropertyRun> {
    return timed('start', () => PropertyRun.create(sameUser));
  }

  private static async create(sameUser: boolean): Promise<PropertyRun> {
    const run = new PropertyRun(await startWorld());
    const { w } = run;
    const users = [w.staff, sameUser ? w.staff : await actor(w.s, { roles: STAFF_ALL })];
    run.slots = users.map((who) => {
      const slot: Slot = {
        dbName: `prop-${uuidv7()}`,
        who,
        fetches: [],
        uploads: [],
        hook: null,
      } as unknown as Slot;
      slot.dev = run.open(slot);
      slot.fetches.push(slot.dev.fetch);
      return slot;
    });
    for (const slot of run.slots) await run.sync(slot);
    return run;
  }

  async close(): Promise<void> {
    for (const slot of this.slots) slot.dev.db.close();
    await this.w.s.close();
  }

  /** Opens the device's database (again) with an engine whose requests can carry a hook. */
  private open(slot: Slot): Device {
    const fire = (after: boolean) => async (path: string, init?: RequestInit) => {
      if (path === '/api/sync/push' && typeof init?.body === 'string' && !after) {
        const ids = this.sent(init.body);
        // Sent ahead: an earlier batch of this device is still waiting for its answer to be stored.
        const numbered = (await wireEntries(slot.dev.db)).filter(
          (e) => e.seq !== null && isOpen(e),
        );
        if (numbered.some((e) => !ids.has(e.mutationId))) count('push sent ahead');
      }
      const hook = slot.hook;
      if (!hook || hook.after !== after || hook.path !== path) return;
      slot.hook = null;
      count('write during sync');
      await hook.run();
    };
    return device(this.w, slot.who, slot.dbName, {
      pushBatchMax: PROPERTY_PUSH_BATCH,
      beforeRequest: fire(false),
      afterResponse: fire(true),
    });
  }

  async liveRows(slot: Slot | Device, entities: readonly Entity[] = ['machine', 'pipe']) {
    const dev = 'dev' in slot ? slot.dev : slot;
    const out: { entity: Entity; row: Row }[] = [];
    for (const e of entities) {
      const rows = (await dev.db.table(e).toArray()) as Row[];
      for (const row of rows) if (row.deletedAt === null) out.push({ entity: e, row });
    }
    return out.sort((a, b) => (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0));
  }

  /** One sync run; `fault` hits the `nth` request to `on` (2: a push sent ahead). */
  async sync(slot: Slot, fault: Fault = 'none', on: SyncPath = 'push', nth = 1) {
    const { faults } = slot.dev;
    faults.next.length = 0;
    if (fault !== 'none') {
      let seen = 0;
      faults.match = (_m, path) => path === `/api/sync/${on}` && ++seen >= nth;
      faults.next.push(fault);
    }
    const outcome = await slot.dev.engine.syncOnce();
    if (fault !== 'none' && nth === 2 && on === 'push' && faults.next.length === 0) {
      count('fault on a later push');
    }
    faults.next.length = 0;
    return outcome;
  }

  /** One run of the device's blob queue; `fault` hits its first upload. */
  async upload(slot: Slot, fault: Fault = 'none') {
    const fetchFn = uploadFetch(this.w, fault === 'none' ? [] : [fault]);
    const queue = new BlobQueue({
      db: slot.dev.db,
      fetch: fetchFn,
      getToken: () => slot.dev.token.current,
      baseUrl: 'http://localhost',
      random: () => 0,
      store: slot.dev.store,
      now: blobNow,
    });
    const outcome = await queue.run();
    slot.uploads.push(...fetchFn.calls);
    return outcome;
  }

  /**
   * Every mutation a device sends, also one written and sent within one sync; answers the
   * request's mutationIds.
   */
  private sent(body: string): Set<string> {
    const { mutations } = JSON.parse(body) as {
      mutations: { mutationId: string; recordId: string | null; path: string; method: string }[];
    };
    for (const m of mutations) {
      if (this.mutations.has(m.mutationId)) continue;
      const kind =
        m.method === 'DELETE' || /\/delete\//.test(m.path)
          ? 'delete'
          : /\/create$/.test(m.path)
            ? 'create'
            : 'update';
      this.mutations.set(m.mutationId, { recordId: m.recordId, kind });
    }
    return new Set(mutations.map((m) => m.mutationId));
  }

  async remember(dev: Device) {
    for (const e of await dev.db.outbox.toArray()) {
      this.mutations.set(e.mutationId, { recordId: e.recordId, kind: e.kind });
    }
  }

  act(a: Action): Promise<void> {
    return timed(a.kind, () => this.perform(a));
  }

  private async perform(a: Action): Promise<void> {
    if (a.kind === 'syncBoth') {
      for (const slot of this.slots) await this.sync(slot);
      return;
    }
    if (a.kind === 'purge') return this.purge();
    const slot = this.slots[a.dev]!;
    switch (a.kind) {
      case 'createMachine':
      case 'update':
        await this.write(slot, slot.dev, a);
        break;
      case 'createPipe':
        await this.createPipe(slot, a);
        break;
      case 'delete': {
        const rows = await this.liveRows(slot);
        if (rows.length === 0) break;
        const { entity, row } = rows[a.pick % rows.length]!;
        await tolerate(() => slot.dev.mutate.remove(entity as 'machine' | 'pipe', row.id));
        break;
      }
      case 'sync':
        await this.sync(slot, a.fault, a.on, a.nth);
        break;
      case 'restart': {
        if (a.midFlight) {
          // The page closed while a push was under way, as an older version left the outbox:
          // sent entries marked 'inflight' on disk (the engine reads them as open).
          const sent = (await wireEntries(slot.dev.db)).filter(
            (e) => e.seq !== null && e.state === 'pending',
          );
          await slot.dev.db.outbox.bulkPut(sent.map((e) => ({ ...e, state: 'inflight' })));
        }
        count('restart');
        slot.dev.db.close();
        slot.dev = this.open(slot);
        slot.fetches.push(slot.dev.fetch);
        break;
      }
      case 'photo':
        await this.photo(slot, a.pick, a.onNew);
        break;
      case 'upload':
        await this.upload(slot, a.fault);
        break;
      case 'auditStart':
        await this.auditStart(slot, a.pick);
        break;
      case 'auditAnswer':
        await this.auditAnswer(slot, a.pick, a.value, a.photo);
        break;
      case 'auditFinish':
        await this.auditFinish(slot, a.pick);
        break;
      case 'writeDuringSync': {
        slot.hook = {
          after: a.after,
          path: `/api/sync/${a.on}`,
          run: () => this.write(slot, slot.dev, a.write),
        };
        await this.sync(slot, a.fault, a.on);
        if (slot.hook) {
          // The sync made no such request (nothing to push): write afterwards instead.
          slot.hook = null;
          await this.write(slot, slot.dev, a.write);
        }
        break;
      }
      case 'twoTabs': {
        const tab = this.open({ ...slot, hook: null });
        slot.fetches.push(tab.fetch);
        count('two tabs');
        await Promise.all([
          slot.dev.engine.syncOnce(),
          tab.engine.syncOnce(),
          a.write ? this.write(slot, tab, a.write) : null,
        ]);
        await this.remember(tab);
        tab.db.close();
        break;
      }
    }
    await this.remember(slot.dev);
  }

  /** A user's write on `dev` (the slot's device or a second tab of it). */
  private async write(slot: Slot, dev: Device, a: Write): Promise<void> {
    const m = dev.mutate;
    const who = this.slots.indexOf(slot);
    if (a.kind === 'createMachine') {
      const row = await m.create('machine', {
        companyId: this.w.ids.company,
        manufacturerId: this.w.ids.manufacturer,
        internalId: `INV-${this.tag}-${this.created.length}`,
        comment: a.comment,
      });
      this.created.push({ entity: 'machine', id: row.id, slot: who });
      return;
    }
    const rows = await this.liveRows(dev);
    if (rows.length === 0) return;
    const { entity, row } = rows[a.pick % rows.length]!;
    let field: string;
    let value: unknown;
    if (entity === 'machine') {
      field = MACHINE_FIELDS[a.field % MACHINE_FIELDS.length]!;
      value = field === 'internalId' ? `INV-${a.text ?? 'x'}-${a.num}` : a.text;
    } else {
      field = PIPE_FIELDS[a.field % PIPE_FIELDS.length]!;
      value =
        field === 'length'
          ? a.num * 250
          : field === 'position'
            ? a.num
            : field === 'isCritical'
              ? a.num % 2 === 0
              : a.text;
    }
    await this.update(slot, dev, entity, row, { [field]: value });
  }

  /** An update through the mutator; each value that differs from the row is remembered. */
  private async update(slot: Slot, dev: Device, entity: Entity, row: Row, patch: object) {
    const changed = Object.entries(patch)
      .filter(([f, v]) => !same(row[f] ?? null, v))
      .map(([f, v]) => [f, v, row[f] ?? null] as const);
    try {
      await dev.mutate.update(entity, row.id, patch as never);
    } catch (err) {
      if (err instanceof MutationError) return;
      throw err;
    }
    await this.rememberWrites(dev, this.slots.indexOf(slot), entity, row.id, changed);
  }

  /**
   * Remembers a device's field writes to a record. A write that takes a field back to the
   * value it had before the record's unsent entry first changed it (`undo`) leaves nothing to
   * send for that field: the server never sees those writes, so they are forgotten — the
   * device's net change of the field is none (soak seed 386485045: a machine type set to "a"
   * and back to empty offline, while another device set "a").
   */
  private async rememberWrites(
    dev: Device,
    slot: number,
    entity: Entity,
    id: string,
    changes: ReadonlyArray<readonly [field: string, value: unknown, before?: unknown]>,
  ) {
    const entry = (await wireEntries(dev.db)).filter((e) => e.recordId === id).at(-1);
    const unsent = entry && entry.seq === null && entry.state === 'pending' ? entry : undefined;
    for (const [field, value, before] of changes) {
      const undo = unsent?.undo;
      if (unsent && undo && field in undo && same(undo[field] ?? null, value)) {
        const back = (w: Written) =>
          w.slot === slot && w.id === id && w.field === field && w.entry === unsent.mutationId;
        for (let i = this.written.length - 1; i >= 0; i--) {
          if (back(this.written[i]!)) this.written.splice(i, 1);
        }
        count('write undone before sending');
        continue;
      }
      this.written.push({
        entity,
        id,
        field,
        value,
        slot,
        ...(entry ? { entry: entry.mutationId } : {}),
        ...(before !== undefined ? { before } : {}),
      });
    }
  }

  private async createPipe(slot: Slot, a: Extract<Action, { kind: 'createPipe' }>) {
    const machines = await this.liveRows(slot, ['machine']);
    if (machines.length === 0) return;
    const machine = machines[a.pick % machines.length]!.row;
    const code =
      a.clash && this.codes.length > 0
        ? this.codes[a.pick % this.codes.length]!
        : `${this.tag}-${String(++this.codeNo).padStart(6, '0')}`;
    this.codes.push(code);
    const row = await slot.dev.mutate.create('pipe', {
      companyId: this.w.ids.company,
      machineId: machine.id,
      position: a.position,
      code,
    });
    this.created.push({ entity: 'pipe', id: row.id, slot: this.slots.indexOf(slot) });
  }

  /** Captures a new, unique image for `rowId` through the real capture path. */
  private async capture(slot: Slot, entity: Entity, rowId: string, png = false) {
    this.fileNo += 1;
    const bytes = Buffer.concat([
      png ? tinyPng() : tinyJpeg(),
      Buffer.from(`${this.tag}#${this.fileNo}`),
    ]);
    const id = await captureImage(new File([new Uint8Array(bytes)], png ? 'sig.png' : 'p.jpg'), {
      entity,
      rowId,
      compress: identity,
      db: slot.dev.db,
      ...(png ? { keepType: true } : {}),
    });
    this.files.set(id, { id, sha256: sha256(bytes), bytes, entity, rowId });
    count('file captured');
    return id;
  }

  private async photo(slot: Slot, pick: number, onNew: boolean) {
    if (onNew) {
      // A machine created offline with its photo in the same call.
      const id = uuidv7();
      const photo = await this.capture(slot, 'machine', id);
      await slot.dev.mutate.create('machine', {
        id,
        companyId: this.w.ids.company,
        manufacturerId: this.w.ids.manufacturer,
        internalId: `INV-${this.tag}-${this.created.length}`,
        photo,
      });
      this.created.push({ entity: 'machine', id, slot: this.slots.indexOf(slot) });
      this.written.push({
        entity: 'machine',
        id,
        field: 'photo',
        value: photo,
        slot: this.slots.indexOf(slot),
      });
      count('photo on new row');
      return;
    }
    const machines = await this.liveRows(slot, ['machine']);
    if (machines.length === 0) return;
    const { row } = machines[pick % machines.length]!;
    const photo = await this.capture(slot, 'machine', row.id);
    await this.update(slot, slot.dev, 'machine', row, { photo });
    count('photo on existing row');
  }

  /** The device's running audits of its user. */
  private async runningAudits(slot: Slot) {
    return (await this.liveRows(slot, ['dguvAudit']))
      .map((r) => r.row)
      .filter((r) => r.state === 'IN_PROGRESS' && r.auditorUserId === slot.who.id);
  }

  private async auditStart(slot: Slot, pick: number) {
    // As the app: one running audit per user (a second device of the user may still clash).
    if ((await this.runningAudits(slot)).length > 0) return;
    // A machine with hoses if there is one, so that the audit gets answers.
    const pipes = await this.liveRows(slot, ['pipe']);
    const withPipes = new Set(pipes.map((p) => p.row.machineId));
    const all = await this.liveRows(slot, ['machine']);
    const machines = all.some((m) => withPipes.has(m.row.id))
      ? all.filter((m) => withPipes.has(m.row.id))
      : all;
    if (machines.length === 0) return;
    const machine = machines[pick % machines.length]!.row;
    const row = await startAudit(
      {
        machine,
        userId: slot.who.id,
        auditor: 'A. Prüfer',
        locale: 'de',
        running: null,
      },
      slot.dev.mutate,
    );
    this.created.push({ entity: 'dguvAudit', id: row.id, slot: this.slots.indexOf(slot) });
    count('audit started');
  }

  /** A hose check of a running audit (the app's saveCheck): new, or a correction. */
  private async auditAnswer(slot: Slot, pick: number, value: number, photo: boolean) {
    // No running audit: the technician starts one; no hose on the machine: adds one.
    if ((await this.runningAudits(slot)).length === 0) await this.auditStart(slot, pick);
    const audits = await this.runningAudits(slot);
    if (audits.length === 0) return;
    const audit = audits[pick % audits.length]!;
    const hoses = async () =>
      (await this.liveRows(slot, ['pipe']))
        .map((r) => r.row)
        .filter((p) => p.machineId === audit.machineId);
    if ((await hoses()).length === 0) {
      const row = await slot.dev.mutate.create('pipe', {
        companyId: String(audit.companyId),
        machineId: String(audit.machineId),
        position: 1,
        code: `${this.tag}-${String(++this.codeNo).padStart(6, '0')}`,
      });
      this.created.push({ entity: 'pipe', id: row.id, slot: this.slots.indexOf(slot) });
    }
    const pipes = await hoses();
    const pipe = pipes[pick % pipes.length]!;
    const existing = (await this.liveRows(slot, ['dguvAnswer']))
      .map((r) => r.row)
      .find((r) => r.auditId === audit.id && r.pipeId === pipe.id);
    const answerId = existing?.id ?? uuidv7();
    const photoIds = [...((existing?.photoIds as string[] | undefined) ?? [])];
    if (photo) photoIds.push(await this.capture(slot, 'dguvAnswer', answerId));
    const values = {
      answer: [AUDIT_VALUES[value % AUDIT_VALUES.length]!],
      protectionRecommended: value % 2 === 0,
      replaceHose: false,
      replaceHoseComment: null,
      comment: `c${value % 3}`,
      photoIds,
    };
    const saved = await saveCheck(
      {
        audit: audit as never,
        pipeId: pipe.id,
        existing: existing as never,
        answerId,
        values,
      },
      slot.dev.mutate,
    );
    const who = this.slots.indexOf(slot);
    if (existing) {
      const changed = Object.entries({ ...values, performedAt: saved.performedAt }).filter(
        ([field, v]) => !same(existing[field], v),
      );
      await this.rememberWrites(slot.dev, who, 'dguvAnswer', answerId, changed);
      count('answer updated');
    } else {
      this.created.push({ entity: 'dguvAnswer', id: answerId, slot: who });
      count('answer created');
    }
  }

  /** Signs and completes a running audit (the app's finishAudit: PNG, signature, COMPLETE). */
  private async auditFinish(slot: Slot, pick: number) {
    const audits = await this.runningAudits(slot);
    if (audits.length === 0) return;
    const audit = audits[pick % audits.length]!;
    const answers = (await this.liveRows(slot, ['dguvAnswer']))
      .map((r) => r.row)
      .filter((r) => r.auditId === audit.id);
    this.fileNo += 1;
    const bytes = Buffer.concat([tinyPng(), Buffer.from(`${this.tag}#${this.fileNo}`)]);
    const done = await finishAudit(
      {
        audit: audit as never,
        answers: answers as never,
        png: new Blob([new Uint8Array(bytes)]),
        auditor: 'A. Prüfer',
        signedAt: new Date(),
        db: slot.dev.db,
      },
      slot.dev.mutate,
    );
    const who = this.slots.indexOf(slot);
    const signatureId = String(done.signatureId);
    const signature = (await slot.dev.db.table('signature').get(signatureId)) as Row;
    const content = String(signature.content);
    this.files.set(content, {
      id: content,
      sha256: sha256(bytes),
      bytes,
      entity: 'signature',
      rowId: signatureId,
    });
    count('file captured');
    this.created.push({ entity: 'signature', id: signatureId, slot: who });
    for (const field of ['state', 'signatureId', 'changeIntervalObserved'] as const) {
      if (!same(audit[field], done[field])) {
        this.written.push({
          entity: 'dguvAudit',
          id: audit.id,
          field,
          value: done[field],
          slot: who,
        });
      }
    }
    count('audit finished');
  }

  /**
   * The server purges its tombstones as if the retention period had passed: they are gone
   * for good, and a device whose cursor lies before them gets 410 and downloads again.
   */
  private async purge() {
    const k = this.w.s.db.store;
    const tombstones = async () => {
      const ids = new Set<string>();
      for (const e of ENTITIES) {
        const rows = await k
          .selectFrom(e)
          .select('id')
          .where('deletedAt', 'is not', null)
          .execute();
        for (const r of rows) ids.add(String(r.id));
      }
      return ids;
    };
    const before = await tombstones();
    const later = new Date(Date.now() + (TOMBSTONE_RETENTION_DAYS + 1) * 86_400_000);
    // A tombstone a remaining row points to (a deleted hose with an answer of a running
    // audit) stays; the purge itself never fails on it (finding F2, fixed).
    await purgeTombstones(k, later);
    const after = await tombstones();
    for (const id of before) if (!after.has(id)) this.purged.add(id);
    if (before.size > after.size) {
      // Writes the devices have not sent yet when their next pull starts over (410).
      for (const slot of this.slots) {
        count('unsent at purge', (await slot.dev.db.outbox.toArray()).filter(isOpen).length);
      }
    }
    count('purges');
    count('tombstones purged', before.size - after.size);
  }

  /** Quiet: no faults; uploads and syncs alternate until nothing sendable is left. */
  quiet(): Promise<void> {
    return timed('quiet', () => this.settle());
  }

  private async settle(): Promise<void> {
    let quiet = false;
    for (let round = 0; round < 12 && !quiet; round++) {
      for (const slot of this.slots) {
        await this.upload(slot);
        expect(await this.sync(slot)).toEqual({ kind: 'ok' });
      }
      quiet = true;
      for (const slot of this.slots) quiet &&= await this.settled(slot);
    }
    expect(quiet, 'outboxes and blob queues settle within 12 quiet rounds').toBe(true);
    for (const slot of this.slots) expect(await this.sync(slot)).toEqual({ kind: 'ok' });
  }

  /** Nothing sendable left: no open entry outside held ones, no upload for a live row. */
  private async settled(slot: Slot): Promise<boolean> {
    const entries = await wireEntries(slot.dev.db);
    const held = heldEntries(entries);
    const blobs = (await slot.dev.db.blobs.toArray()) as unknown as StoredBlob[];
    const pending = blobs.filter((b) => b.uploadState === 'pending');
    const lost: string[] = [];
    for (const blob of pending) {
      if (!(await this.liveOnServer(blob.entity as Entity, blob.rowId))) lost.push(blob.id);
    }
    const open = entries.some((e) => isOpen(e) && !held.has(e.mutationId));
    return !open && lost.length === pending.length;
  }

  private async liveOnServer(entity: Entity, id: string): Promise<boolean> {
    const k = this.w.s.db.store;
    const row = await k
      .selectFrom(entity)
      .select('id')
      .where('id', '=', id)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }
}

/** Runs `fn` and adds its milliseconds to the counter `ms <key>` (where the time goes). */
async function timed<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    count(`ms ${key}`, Math.round(performance.now() - t0));
  }
}

async function tolerate(fn: () => Promise<unknown>) {
  try {
    await fn();
  } catch (err) {
    if (!(err instanceof MutationError)) throw err;
  }
}

/** Value equality of JSON-like field values. */
export function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The device's entries in local order, with the wire seqs they were sent with. */
async function wireEntries(db: SchlauchDb): Promise<OutboxEntry[]> {
  // Both reads go out at once, in one transaction: a push answer stored meanwhile is seen
  // by both or by neither.
  return db.transaction('r', [db.outbox, db.meta], async () => {
    const [entries, streams] = await Promise.all([
      db.outbox.orderBy('localSeq').toArray(),
      clientStreams(db),
    ]);
    return withWireSeqs(entries, allNumbered(streams));
  });
}
