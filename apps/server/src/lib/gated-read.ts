import { type JsonAnswer, isEmptyJsonArray } from '../db/json-answer.ts';
/**
 * A read whose statement carries its own access gate: the gate (an SQL condition, "the caller may see this object") is
 * part of the read's WHERE, so rows come back only when it is open, and a request waits for one database round trip
 * instead of the check's and the read's (each round trip costs a wake-up of the server and of a database backend: a
 * point list page's p99 in bench:api-load, docs/decisions.md).
 *
 * An answer that says nothing (an empty page, a count of 0) may come from a closed gate, and an error may have stopped
 * the statement before the gate was looked at; only then is the gate asked alone. So a caller who may not see the
 * object gets its 404 — never the read's answer, never the read's own error (a bad filter's 400) — exactly as if the
 * read had waited for the check.
 */
export interface Gate {
  /** Whether the gate is open, asked alone. */
  isOpen(): Promise<boolean>;
  /** The error of a closed gate (a 404 naming the object). */
  closed(): Error;
}

export async function gatedRead<T>(gate: Gate, read: () => Promise<T>, saysNothing: (answer: T) => boolean): Promise<T> {
  let answer: T;
  try {
    answer = await read();
  } catch (err) {
    if (!(await gate.isOpen())) throw gate.closed();
    throw err;
  }
  if (saysNothing(answer) && !(await gate.isOpen())) throw gate.closed();
  return answer;
}

/** A page of rows: an empty one may come from a closed gate. */
export const gatedRows = <T>(gate: Gate, read: () => Promise<T[]>): Promise<T[]> => gatedRead(gate, read, (rows) => rows.length === 0);
/** A count: 0 may come from a closed gate. */
export const gatedCount = (gate: Gate, read: () => Promise<number>): Promise<number> => gatedRead(gate, read, (n) => n === 0);
/** A JSON array answer built by the database (db/json-answer.ts): an empty one may come from a closed gate. */
export const gatedJsonArray = <T>(gate: Gate, read: () => Promise<JsonAnswer<T[]>>): Promise<JsonAnswer<T[]>> => gatedRead(gate, read, isEmptyJsonArray);
