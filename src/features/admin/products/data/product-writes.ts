/**
 * The product screen's writes (docs/architecture.md "Writes"), all through the mutator so they
 * work offline and sync (products are synced rows). Each takes the mutator last, the app's by
 * default.
 */
import type { Product, ProductCreate } from '@domain/schemas/product';
import { mutate, type Mutator } from '@sync';
import type { PreviewLine } from '../price-list';

export type ProductInput = Omit<ProductCreate, 'id'>;

export async function createProduct(input: ProductInput, m: Mutator = mutate): Promise<void> {
  await m.create('product', input);
}

export async function updateProduct(
  product: Product,
  input: Partial<ProductInput>,
  m: Mutator = mutate,
) {
  await m.update('product', product.id, input, { baseVersion: product.version });
}

export async function setProductActive(
  product: Product,
  active: boolean,
  m: Mutator = mutate,
): Promise<void> {
  await updateProduct(product, { active }, m);
}

/**
 * Writes the new and changed lines of an import preview, one write each (every line is
 * its own call, so a refusal on the server names the one product). Returns how many were
 * written; throws with that count on the first failure.
 */
export async function applyPriceLines(
  lines: readonly PreviewLine[],
  m: Mutator = mutate,
): Promise<number> {
  let done = 0;
  for (const line of lines) {
    try {
      if (line.status === 'new') await createProduct(line.values, m);
      else if (line.status === 'changed') await updateProduct(line.product, line.changes, m);
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
