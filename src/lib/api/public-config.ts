import { publicConfigSchema, type PublicConfig } from '../../domain/schemas/public-config';
import { api } from './api';

let cached: Promise<PublicConfig> | null = null;

/**
 * `GET /api/public/config`, fetched once per page (and per customer for branding).
 * A failed fetch is not cached, so the next call tries again.
 */
export function loadPublicConfig(customerId?: string | null): Promise<PublicConfig> {
  const path = customerId
    ? `/api/public/config?customer=${encodeURIComponent(customerId)}`
    : '/api/public/config';
  if (customerId) return api.get(path, { token: null }).then((d) => publicConfigSchema.parse(d));
  cached ??= api
    .get(path, { token: null, timeoutMs: 8000 })
    .then((d) => publicConfigSchema.parse(d))
    .catch((err: unknown) => {
      cached = null;
      throw err;
    });
  return cached;
}
