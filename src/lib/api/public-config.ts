import { publicConfigSchema, type PublicConfig } from '../../domain/schemas/public-config';
import { requestJson } from './http';

let cached: Promise<PublicConfig> | null = null;

/**
 * `GET /api/public/config`, fetched once per page (and per customer for branding).
 * A failed fetch is not cached, so the next call tries again.
 */
export function loadPublicConfig(customerId?: string | null): Promise<PublicConfig> {
  const path = customerId
    ? `/api/public/config?customer=${encodeURIComponent(customerId)}`
    : '/api/public/config';
  if (customerId) return requestJson<unknown>(path).then((d) => publicConfigSchema.parse(d));
  cached ??= requestJson<unknown>(path, { timeoutMs: 8000 })
    .then((d) => publicConfigSchema.parse(d))
    .catch((err: unknown) => {
      cached = null;
      throw err;
    });
  return cached;
}
