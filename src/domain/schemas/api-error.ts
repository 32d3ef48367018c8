import { z } from 'zod';

/** Every API failure has this body. */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** docs/api.md: every backend call needs a valid token. */
export const TOKEN_INVALID = 'token invalid';
