/**
 * Collects demo rows per entity, each validated by its domain row schema when added (a demo
 * row that fails its schema is a bug and stops the seeding), then writes them in foreign-key
 * order through the registry's value conversion, in chunks.
 */
import type { Kysely, Transaction } from 'kysely';
import { insertEntities } from '@server/cms/entity-store';
import type { z } from 'zod';
import { ENTITY_SCHEMAS, type EntityName } from '@domain/entities';
import { PART_ENTITY_NAMES } from '@domain/entity-names';
import { REGISTRY } from '@server/cms/registry';
import type { EntityRow } from '@server/db/entity-tables';
import type { EntityStoreDb } from '@server/db/schema';

/** Parents before children, so every foreign key points to a row already written. */
export const DEMO_INSERT_ORDER = [
  'company',
  'location',
  'contact',
  'companySettings',
  'manufacturer',
  'machine',
  'aggregate',
  ...PART_ENTITY_NAMES,
  'product',
  'pipe',
  'signature',
  'dguvAudit',
  'dguvAnswer',
] as const satisfies readonly EntityName[];
export type DemoEntity = (typeof DEMO_INSERT_ORDER)[number];

type Schemas = typeof ENTITY_SCHEMAS;
/** What a demo builder hands in: the row schema's input (defaults may be left out). */
export type DemoInput<N extends DemoEntity> = Omit<
  z.input<Schemas[N]['row']>,
  'version' | 'createdAt' | 'updatedAt' | 'deletedAt'
>;
export type DemoRow<N extends DemoEntity> = EntityRow<N>;

export class DemoRows {
  private readonly rows = new Map<DemoEntity, Array<DemoRow<DemoEntity>>>();
  constructor(private readonly now: string) {}

  /** Validates and keeps a row; returns it parsed (defaults filled in). */
  add<N extends DemoEntity>(name: N, input: DemoInput<N>): DemoRow<N> {
    const row = ENTITY_SCHEMAS[name].row.parse({
      version: 1,
      createdAt: this.now,
      updatedAt: this.now,
      deletedAt: null,
      ...input,
    }) as DemoRow<N>;
    const list = this.rows.get(name) ?? [];
    list.push(row);
    this.rows.set(name, list);
    return row;
  }

  list<N extends DemoEntity>(name: N): Array<DemoRow<N>> {
    // The rows kept under `name` are the ones `add` parsed with that entity's schema.
    return (this.rows.get(name) ?? []) as Array<DemoRow<N>>;
  }

  count(): number {
    let n = 0;
    for (const list of this.rows.values()) n += list.length;
    return n;
  }

  async insert(db: Kysely<EntityStoreDb> | Transaction<EntityStoreDb>): Promise<void> {
    for (const name of DEMO_INSERT_ORDER) {
      const def = REGISTRY[name];
      await insertEntities(db, def, this.rows.get(name) ?? []);
    }
  }
}
