import type { z } from 'zod';

/** What a schema's safeParse answers, as the callers of a guarded schema read it. */
export type Checked<T> = { success: true; data: T } | { success: false; error: z.ZodError };

/** A schema, or a schema with a plain type guard in front of it (guarded). */
export interface Check<T> {
  safeParse(input: unknown): Checked<T>;
}

/**
 * A schema with a plain type guard in front of it, for payloads that arrive thousands of times a second with thousands
 * of elements (the agents' records and metric samples): what the guard accepts is used as it came, with nothing
 * copied or allocated; anything else goes through the schema, which words the refusal (or accepts it, where the guard
 * is stricter than the schema, so the answer is the schema's in every case). The guard must never accept what the
 * schema refuses: guarded.test.ts checks each one against its schema with generated payloads.
 */
export function guarded<S extends z.ZodType>(schema: S, guard: (input: unknown) => input is z.output<S>): Check<z.output<S>> {
  return { safeParse: (input) => (guard(input) ? { success: true, data: input } : schema.safeParse(input)) };
}

/** An array of `min` to `max` elements, each accepted by `each` (no holes: a hole is undefined). */
export function isArrayOf<T>(input: unknown, min: number, max: number, each: (x: unknown) => x is T): input is T[] {
  if (!Array.isArray(input) || input.length < min || input.length > max) return false;
  for (let i = 0; i < input.length; i++) if (!each(input[i])) return false;
  return true;
}

/** An object (not an array) whose `key` is an array as isArrayOf accepts it: an upload of one list. */
export function isListUpload<K extends string, T>(input: unknown, key: K, min: number, max: number, each: (x: unknown) => x is T): input is Record<K, T[]> {
  return typeof input === 'object' && input !== null && !Array.isArray(input) && isArrayOf((input as Record<string, unknown>)[key], min, max, each);
}

/** A finite number (what z.number() accepts). */
export const isFiniteNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
/** A positive safe integer (z.number().int().positive()). */
export const isPositiveInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x > 0;

/** A plain object (not an array) whose own keys are all in `keys`: what a z.object takes without stripping anything. */
export function isObjectOf(x: unknown, keys: ReadonlySet<string>): x is Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  for (const k in x) if (!keys.has(k)) return false;
  return true;
}

/** A string of at most `max` UTF-16 units (z.string().max(max) counts no more, so never takes less). */
export const isStringUpTo = (x: unknown, max: number): x is string => typeof x === 'string' && x.length <= max;
/** A string of at most `max` units, or null. */
export const isStringOrNullUpTo = (x: unknown, max: number): x is string | null => x === null || isStringUpTo(x, max);
