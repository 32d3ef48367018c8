/**
 * The product screen's data: every live product of the device (active and deactivated). Its
 * writes are in ./product-writes.ts.
 */
import { useAllRows } from '@db/hooks';
import type { Product } from '@domain/schemas/product';

export function useProducts(): Product[] | undefined {
  return useAllRows('product') as Product[] | undefined;
}
