import { z } from 'zod';

/** Per-customer branding, a public customer setting (docs/architecture.md). */
export const brandingSchema = z.object({
  customerId: z.string(),
  name: z.string(),
  /** Mantine colour name or a #rrggbb hex colour. */
  primaryColor: z.string().nullable(),
  faviconUrl: z.string().nullable(),
});
export type Branding = z.infer<typeof brandingSchema>;

/** `GET /api/public/config`: what the app needs before anyone signs in. */
export const publicConfigSchema = z.object({
  isTestEnv: z.boolean(),
  customer: brandingSchema.nullable(),
  version: z.string(),
  auth: z.object({
    /** Keycloak base URL (embedded provider: the server's own origin). */
    url: z.string(),
    realm: z.string(),
    clientId: z.string(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
