import type { Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { hasThirdLevel, type ImportKind, importHeaders } from '@syrx/contracts/data-moves';
import { acceptedTimes, isSensibleValue, recordTimeLimits, recordValueLimit } from '@syrx/contracts/records';
import type { GroupPointKey, PcsPointKey, VendorPointKey } from './point-sources.repo.ts';

/** Where each column of an import's header is (by the contracts' column names). */
export type Columns = Record<string, number>;

/** The longest id field, site, device or point name an import accepts. */
export const maxNameLength = 200;

/** The columns a file's header must and may have. */
export interface HeaderSpec {
  required: string[];
  optional: string[];
}

/** The header of an import file (of an import kind, or as `spec` says), or the reason it is not one (the upload's 400 names it). */
export function readHeader(kind: ImportKind | HeaderSpec, file: Buffer): { columns: Columns } | { error: string } {
  let first: string[] | undefined;
  try {
    const options: Options = { to_line: 1, bom: true, trim: true, relax_quotes: true, relax_column_count: true };
    [first] = parseSync(file.subarray(0, 64 * 1024), options);
  } catch (err) {
    return { error: `The header cannot be read: ${(err as Error).message}` };
  }
  if (!first || first.every((c) => c === '')) return { error: 'The file is empty: the first line must be the header.' };
  const { required, optional } = typeof kind === 'string' ? importHeaders[kind] : kind;
  const names = first.map((c) => c.toLowerCase());
  const columns: Columns = {};
  const problems: string[] = [];
  for (const [i, n] of names.entries()) {
    if (![...required, ...optional].includes(n)) problems.push(`unknown column "${first[i]}"`);
    else if (n in columns) problems.push(`column ${n} appears twice`);
    else columns[n] = i;
  }
  const missing = required.filter((c) => !(c in columns));
  if (missing.length > 0) problems.unshift(`missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  const givenOptional = optional.filter((c) => c in columns);
  if (givenOptional.length > 0 && givenOptional.length < optional.length) problems.push(`columns ${optional.join(' and ')} go together`);
  if (problems.length > 0) {
    const expected = [...required, ...optional.map((o) => `[${o}]`)].join(',');
    return { error: `The header is not right: ${problems.join('; ')}. Expected: ${expected}.` };
  }
  return { columns };
}

const zoned = /(Z|[+-]\d{2}:?\d{2})$/i;
const isoLike = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?( ?(Z|[+-]\d{2}:?\d{2}))?$/i;
const usLike = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?(?: ?([AP]M))?)?$/i;

/**
 * A record time in ms: ISO 8601 ("2026-11-02T10:15:00Z", "2026-11-02 10:15:00") or the console's
 * "MM/DD/YYYY hh:mm:ss a"; without a zone it is UTC. Null when it is neither.
 */
export function parseTimestamp(text: string): number | null {
  if (isoLike.test(text)) {
    const t = text.replace(' ', 'T').replace(/ (?=Z|[+-])/i, '');
    const ms = Date.parse(zoned.test(t) || !t.includes('T') ? t : `${t}Z`);
    return Number.isNaN(ms) ? null : ms;
  }
  const m = usLike.exec(text);
  if (!m) return null;
  const [, mo, d, y, h = '0', mi = '0', s = '0', ampm] = m;
  let hour = Number(h);
  if (ampm) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (ampm.toUpperCase() === 'PM' ? 12 : 0);
  }
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), hour, Number(mi), Number(s));
  const back = new Date(ms);
  return back.getUTCDate() === Number(d) && back.getUTCMonth() === Number(mo) - 1 && hour < 24 && Number(mi) < 60 && Number(s) < 60 ? ms : null;
}

const words: Record<string, number> = { true: 1, false: 0, on: 1, off: 0, active: 1, inactive: 0 };

/** A record value: a number, or true/false, on/off, active/inactive as 1/0. Null when it is none of those. */
export function parseValue(text: string): number | null {
  const word = words[text.toLowerCase()];
  if (word !== undefined) return word;
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** One good row: the point it names and, when it has them, its record's time and value. */
export interface ImportRow<K> {
  key: K;
  record: { t: number; value: number } | null;
}
export type RowOutcome<K> = { ok: ImportRow<K> } | { error: string };

function recordOf(fields: string[], columns: Columns, now: number): { ok: { t: number; value: number } | null } | { error: string } {
  const ts = fields[columns.timestamp ?? -1] ?? '';
  const v = fields[columns.value ?? -1] ?? '';
  if (ts === '' && v === '') return { error: 'timestamp and value are empty' };
  const t = parseTimestamp(ts);
  if (t === null) return { error: `timestamp "${ts.slice(0, 40)}" is not a date and time (ISO 8601, UTC unless it says otherwise)` };
  const accepted = acceptedTimes(now);
  if (t < accepted.min || t > accepted.max) {
    return { error: `timestamp ${ts} is more than ${recordTimeLimits.maxAgeDays} days ago or in the future` };
  }
  const value = parseValue(v);
  if (value === null) return { error: `value "${v.slice(0, 40)}" is not a number` };
  if (!isSensibleValue(value)) return { error: `value "${v.slice(0, 40)}" is beyond ±${recordValueLimit}` };
  return { ok: { t, value } };
}

const tooLong = (name: string, v: string) => (v.length > maxNameLength ? `${name} is longer than ${maxNameLength} characters` : null);

/** A row of a vendor-point-records file. */
export function vendorRowOf(fields: string[], columns: Columns, now = Date.now()): RowOutcome<VendorPointKey> {
  const get = (c: string) => fields[columns[c] ?? -1] ?? '';
  const key: VendorPointKey = { vendor: get('vendor'), id_field_1: get('id_field_1'), id_field_2: get('id_field_2'), id_field_3: get('id_field_3') };
  for (const c of ['vendor', 'id_field_1', 'id_field_2'] as const) {
    if (key[c] === '') return { error: `${c} is empty` };
    const long = tooLong(c, key[c]);
    if (long) return { error: long };
  }
  if (hasThirdLevel(key.vendor) && key.id_field_3 === '') return { error: `id_field_3 is empty (vendor ${key.vendor} has three levels)` };
  if (!hasThirdLevel(key.vendor) && key.id_field_3 !== '') return { error: `id_field_3 must be empty (vendor ${key.vendor} has two levels)` };
  const long3 = tooLong('id_field_3', key.id_field_3);
  if (long3) return { error: long3 };
  const r = recordOf(fields, columns, now);
  if ('error' in r) return r;
  return { ok: { key, record: r.ok } };
}

/** A row of a pcs-points file (its record is optional: a row may only name a point). */
export function pcsRowOf(fields: string[], columns: Columns, now = Date.now()): RowOutcome<PcsPointKey> {
  const get = (c: string) => fields[columns[c] ?? -1] ?? '';
  const key: PcsPointKey = { site_name: get('site_name'), device_name: get('device_name'), point_name: get('point_name') };
  for (const c of ['site_name', 'device_name', 'point_name'] as const) {
    if (key[c] === '') return { error: `${c} is empty` };
    const long = tooLong(c, key[c]);
    if (long) return { error: long };
  }
  if (!('timestamp' in columns) || (get('timestamp') === '' && get('value') === '')) return { ok: { key, record: null } };
  const r = recordOf(fields, columns, now);
  if ('error' in r) return r;
  return { ok: { key, record: r.ok } };
}

/** A row of a group data upload: a point of the group by name (its unit when the file has the column) and a record. */
export function groupRowOf(fields: string[], columns: Columns, now = Date.now()): RowOutcome<GroupPointKey> {
  const get = (c: string) => fields[columns[c] ?? -1] ?? '';
  const key: GroupPointKey = { name: get('point_name'), unit: get('unit') };
  if (key.name === '') return { error: 'point_name is empty' };
  const long = tooLong('point_name', key.name) ?? tooLong('unit', key.unit);
  if (long) return { error: long };
  const r = recordOf(fields, columns, now);
  if ('error' in r) return r;
  return { ok: { key, record: r.ok } };
}
