/**
 * Prices a hose assembly for the shop API: the domain rule (rules/pipe-price, shared with the
 * device), with a part that has no product answered as docs/api.md's 'no matching hose in the
 * assortment' (422, naming the part).
 */
import { pipePrice, type PricedLine } from '@domain/rules/pipe-price';
import type { Pipe } from '@domain/schemas/pipe';
import type { Product } from '@domain/schemas/product';
import { noMatchingProduct } from './shop.schemas';

/** Price of one assembly of `pipe`; throws the 422 naming the part that has no product. */
export function pricePipe(
  pipe: Pipe,
  products: readonly Product[],
  assemblySurchargeCents: number,
): PricedLine {
  const result = pipePrice(pipe, products, assemblySurchargeCents);
  if (!result.ok) throw noMatchingProduct(result.missing);
  return result.line;
}
