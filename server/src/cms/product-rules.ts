/**
 * Shop product rules on every write path: the fields a product's kind needs
 * (one rule: `productKindIssues` in src/domain/schemas/product.ts, which the form and the CSV
 * import use too) and unique article numbers, the key of the price list.
 */
import { productKindIssues } from '@domain/schemas/product';
import type { EntityRow } from '../db/entity-tables';
import { HttpError } from '../plugins/errors';
import type { StoreKysely } from './rows';

/** Checks a whole product row (a create, or the merged row of an update). */
export async function assertProductFits(
  db: StoreKysely,
  next: EntityRow<'product'>,
  exceptId: string | null,
): Promise<void> {
  const issue = productKindIssues(next)[0];
  if (issue) throw new HttpError(400, 'product_kind', issue.message, issue.field);
  const articleNumber = (next.articleNumber ?? '').trim().toLowerCase();
  let q = db
    .selectFrom('product')
    .select('id')
    .where((eb) => eb(eb.fn('lower', [eb.ref('articleNumber')]), '=', articleNumber))
    .where('deletedAt', 'is', null);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) {
    throw new HttpError(409, 'duplicate', 'products:articleNumberExists', 'articleNumber');
  }
}
