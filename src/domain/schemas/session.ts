import { z } from 'zod';

/**
 * The signed-in user's competent-person profile as the office keeps it (docs/dguv-record.md):
 * carried with the session so that finishing an audit offline knows it.
 */
export const sessionCompetentPersonSchema = z.object({
  qualification: z.string().nullable(),
  training: z.string().nullable(),
  /** 'YYYY-MM-DD'; null: not recorded. */
  lastRefresher: z.string().nullable(),
});
export type SessionCompetentPerson = z.infer<typeof sessionCompetentPersonSchema>;

/** The signed-in user as docs/api.md names it: name, firstName, lastName, roles, customer. */
export const sessionUserSchema = z.object({
  id: z.string(),
  /** Login name (Keycloak `preferred_username`). */
  username: z.string(),
  /** Display name (Keycloak `name`, else first and last name). */
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  customer: z.string().nullable(),
  /** Absent in sessions stored before it was carried, and in tokens (the server adds it). */
  competentPerson: sessionCompetentPersonSchema.nullish(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** `GET /api/auth/session`: session info of docs/api.md. */
export const sessionInfoSchema = z.object({
  user: sessionUserSchema,
  loggedIn: z.literal(true),
  isCustomer: z.boolean(),
  customerId: z.string().nullable(),
  /** Access token expiry, ISO 8601. */
  expiresAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
