import { z } from 'zod';
import { isPositiveInt } from './guarded.ts';

/** The largest id a row can have: ids are PostgreSQL `integer` columns. */
export const maxDbId = 2_147_483_647;

/** A row's id in a JSON body: a positive integer that the database's integer columns hold (larger is a 400, not a 500). */
export const dbIdSchema = z.number().int().positive().max(maxDbId);
/** What dbIdSchema accepts, as a plain type guard (guarded.ts). */
export const isDbId = (x: unknown): x is number => isPositiveInt(x) && x <= maxDbId;

/** A row's id in a path or query string. */
export const dbIdParamSchema = z.coerce.number().int().positive().max(maxDbId);
