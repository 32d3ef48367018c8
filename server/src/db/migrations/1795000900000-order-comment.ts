import type { Kysely } from 'kysely';

// Issues #12/#13: an order carries the customer's comment from the checkout and its state
// history (a JSON list of {state, at}, written by the server on every change, stored as text
// like photoIds). Orders submitted before start with no history.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order').addColumn('comment', 'text').execute();
  await db.schema
    .alterTable('order')
    .addColumn('stateHistory', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order').dropColumn('stateHistory').execute();
  await db.schema.alterTable('order').dropColumn('comment').execute();
}
