/** Per-customer branding, online (`/api/admin/branding/{customerId}`; public side: config). */
import { brandingInputSchema, type BrandingInput } from '@domain/schemas/admin';
import { api } from '@lib/api/api';

const path = (customerId: string) => `/api/admin/branding/${encodeURIComponent(customerId)}`;

export async function fetchBranding(customerId: string, signal?: AbortSignal) {
  const data = await api.get(path(customerId), { signal });
  return brandingInputSchema.parse(data);
}

export async function saveBranding(customerId: string, branding: BrandingInput) {
  const data = await api.put(path(customerId), branding);
  return brandingInputSchema.parse(data);
}
