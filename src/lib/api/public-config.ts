import type { PublicConfig } from '@domain/schemas/public-config';
import { api } from './api';

let cached: Promise<PublicConfig> | null = null;

/**
 * The answer checked with its zod schema, loaded on demand (not in the first route's bundle)
 * while the request runs, not after it.
 */
async function fetchConfig(path: string, timeoutMs?: number): Promise<PublicConfig> {
  const [data, { publicConfigSchema }] = await Promise.all([
    api.get(path, { token: null, ...(timeoutMs ? { timeoutMs } : {}) }),
    import('@domain/schemas/public-config'),
  ]);
  return publicConfigSchema.parse(data);
}

/**
 * `GET /api/public/config`, fetched once per page (and per customer for branding).
 * A failed fetch is not cached, so the next call tries again.
 */
export function loadPublicConfig(customerId?: string | null): Promise<PublicConfig> {
  const path = customerId
    ? `/api/public/config?customer=${encodeURIComponent(customerId)}`
    : '/api/public/config';
  if (customerId) return fetchConfig(path);
  cached ??= fetchConfig(path, 8000).catch((err: unknown) => {
    cached = null;
    throw err;
  });
  return cached;
}
