import { z } from 'zod';

/** Every API failure has this body (issue #3 §6). */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** SPEC §5: every backend call needs a valid token. */
export const TOKEN_INVALID = 'token invalid';
