/** Per-customer branding, online (`/api/admin/branding/{customerId}`; public side: config). */
import { brandingInputSchema, type BrandingInput } from '../../../domain/schemas/admin';
import { requestJson } from '../../../lib/api/http';
import { getAccessToken } from '../../../lib/auth';

const path = (customerId: string) => `/api/admin/branding/${encodeURIComponent(customerId)}`;

export async function fetchBranding(customerId: string, signal?: AbortSignal) {
  const data = await requestJson<unknown>(path(customerId), { token: getAccessToken(), signal });
  return brandingInputSchema.parse(data);
}

export async function saveBranding(customerId: string, branding: BrandingInput) {
  const data = await requestJson<unknown>(path(customerId), {
    method: 'PUT',
    body: branding,
    token: getAccessToken(),
  });
  return brandingInputSchema.parse(data);
}
