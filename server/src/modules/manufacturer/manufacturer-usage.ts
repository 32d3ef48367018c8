/**
 * A manufacturer still named by machines, power units or parts cannot be deleted (the rows
 * would lose their manufacturer silently): 409 `manufacturer_in_use` with the number of uses,
 * which the admin screen shows as 'admin:manufacturerInUse'. The referencing entities come from
 * the registry — every entity with a `manufacturerId` field — so a new part kind is covered.
 */
import type { EntityDef } from '@server/cms/registry';
import { REGISTRY } from '@server/cms/registry';
import type { StoreKysely } from '@server/cms/rows';
import { HttpError } from '@server/plugins/errors';

const REFERENCING: EntityDef[] = Object.values(REGISTRY).filter(
  (def) => def.name !== 'manufacturer' && 'manufacturerId' in def.fields,
);

/** Live rows naming this manufacturer, across every referencing entity. */
export async function manufacturerUseCount(db: StoreKysely, manufacturerId: string) {
  let total = 0;
  for (const def of REFERENCING) {
    const row = await db
      .selectFrom(def.table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('manufacturerId', '=', manufacturerId)
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow();
    total += Number(row.n);
  }
  return total;
}

export async function assertManufacturerUnused(db: StoreKysely, def: EntityDef, id: string) {
  if (def.name !== 'manufacturer') return;
  const count = await manufacturerUseCount(db, id);
  if (count > 0) {
    throw new HttpError(409, 'manufacturer_in_use', 'admin:manufacturerInUse', undefined, {
      count,
    });
  }
}
