/**
 * The product screen's data: every live product of the device (active and deactivated) and
 * its writes, all through mutate() so they work offline and sync (products are synced rows).
 */
import { useAllRows } from '../../../../db/hooks';
import type { Product, ProductCreate } from '../../../../domain/schemas/product';
import { mutate } from '../../../../sync';
import type { PreviewLine } from '../price-list';

export function useProducts(): Product[] | undefined {
  return useAllRows('product') as Product[] | undefined;
}

export type ProductInput = Omit<ProductCreate, 'id'>;

export async function createProduct(input: ProductInput): Promise<void> {
  await mutate.create('product', input);
}

export async function updateProduct(product: Product, input: Partial<ProductInput>) {
  await mutate.update('product', product.id, input, { baseVersion: product.version });
}

export async function setProductActive(product: Product, active: boolean): Promise<void> {
  await updateProduct(product, { active });
}

/**
 * Writes the new and changed lines of an import preview, one mutate() each (every line is
 * its own call, so a refusal on the server names the one product). Returns how many were
 * written; throws with that count on the first failure.
 */
export async function applyPriceLines(lines: readonly PreviewLine[]): Promise<number> {
  let done = 0;
  for (const line of lines) {
    try {
      if (line.status === 'new') await createProduct(line.values);
      else if (line.status === 'changed') await updateProduct(line.product, line.changes);
      else continue;
    } catch (err) {
      throw new ApplyError(done, err);
    }
    done += 1;
  }
  return done;
}

export class ApplyError extends Error {
  constructor(
    readonly done: number,
    override readonly cause: unknown,
  ) {
    super(`price list stopped after ${done}`);
  }
}
