import { type SQL, type AnyColumn, sql } from 'drizzle-orm';

/** A timestamptz column as the ISO text the wire carries ("2026-11-22T10:15:00.000Z"), null when null. */
export const isoOf = (col: AnyColumn | SQL): SQL<string | null> => sql<string | null>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
