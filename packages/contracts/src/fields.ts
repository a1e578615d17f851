import { z } from 'zod';
import { maxDbId } from './ids.ts';

/**
 * Fields that several contracts send or take alike. Spread a shape into `z.object({ ... })` where its fields stand,
 * so each schema still reads top to bottom in its wire order.
 */

/** A row's id and name: the start of most catalogue rows, and a reference to a row by name. */
export const idNameShape = { id: z.number().int(), name: z.string() };

/** Who a user is, as the session, the users grid and group administration send it. */
export const userIdentityShape = {
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
};

/** How many records a series holds and when its first and last were taken (null without records). */
export const recordSpanShape = {
  record_count: z.number().int(),
  earliest_record_date: z.string().nullable(),
  latest_record_date: z.string().nullable(),
};

/** The message of a text field that is too long: "Enter a company of at most 200 characters". */
export const lengthMessage = (what: string, max: number) => `Enter ${what} of at most ${max} characters`;

/** Optional text of a form: trimmed, at most `max` characters, and empty text is none (null). */
export const optionalText = (what: string, max: number) =>
  z.string().trim().max(max, lengthMessage(what, max)).nullish().transform((v) => (v ? v : null));

/**
 * A transform to the canonical form `canonical` gives (a normalised version, a known id), failing with `message`
 * (which may name the text) where it gives null.
 */
export const toCanonical =
  <T>(canonical: (text: string) => T | null, message: string | ((text: string) => string)) =>
  (text: string, ctx: z.RefinementCtx<string>): T => {
    const value = canonical(text);
    if (value === null) {
      ctx.addIssue({ code: 'custom', message: typeof message === 'string' ? message : message(text) });
      return z.NEVER;
    }
    return value;
  };

/** The group a new row is created in (a body id). */
export const newRowGroupIdSchema = z.number({ error: 'Choose a group' }).int().positive().max(maxDbId);
