import { z } from 'zod';
import { idNameShape } from './fields.ts';

/** POST /api/v2/users/me/tokens: a name the owner recognises and how long it lives (null: until revoked). */
export const apiTokenCreateSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(100, 'At most 100 characters'),
  expires_in_days: z.number().int().min(1, 'At least 1 day').max(3650, 'At most 3650 days').nullable(),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

/** A personal API token as its owner sees it in the list: never its secret. */
export const apiTokenSchema = z.object({
  ...idNameShape,
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The created token with its secret, shown this once (`Authorization: Bearer <token>` on both API bases). */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
