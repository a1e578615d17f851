const two = (n: number) => String(n).padStart(2, '0');
const dayMs = 86_400_000;

/** A timestamp in the browser's time zone as MM/DD/YYYY hh:mm:ss a (e.g. 03/07/2025 02:05:09 pm). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const hours = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
  const date = `${two(d.getMonth() + 1)}/${two(d.getDate())}/${d.getFullYear()}`;
  return `${date} ${two(hours)}:${two(d.getMinutes())}:${two(d.getSeconds())} ${d.getHours() < 12 ? 'am' : 'pm'}`;
}

/** A timestamp in UTC as MM/DD/YYYY hh:mm:ss a (the point-record browser shows UTC throughout). */
export function formatUtcDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const h = d.getUTCHours();
  const date = `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${d.getUTCFullYear()}`;
  return `${date} ${two(h % 12 === 0 ? 12 : h % 12)}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${h < 12 ? 'am' : 'pm'}`;
}

/** A nullable timestamp for a table cell: empty when there is none. */
export const formatOptionalDateTime = (iso: string | null | undefined): string => (iso ? formatDateTime(iso) : '');

/** The calendar day of a moment in UTC as MM-DD-YYYY (the point-reporting link's dates). */
export function formatUtcDay(date: Date): string {
  return `${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}-${date.getUTCFullYear()}`;
}

/** Midnight UTC of the day a moment falls on in UTC. */
export const startOfUtcDay = (date: Date): Date => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/** The same time of day `days` later (earlier when negative); UTC days are always 24 hours long. */
export const addUtcDays = (date: Date, days: number): Date => new Date(date.getTime() + days * dayMs);

/**
 * A day written MM-DD-YYYY, as midnight UTC of that day; null when it is no such calendar day (13-01-2025,
 * 02-30-2025, 2025-03-07).
 */
export function parseUtcDay(text: string): Date | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** A UTC day as an HTML date input's value (YYYY-MM-DD). */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** An HTML date input's value (YYYY-MM-DD) as midnight UTC of that day; null when empty or no such day. */
export function parseIsoDay(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? parseUtcDay(`${m[2]}-${m[3]}-${m[1]}`) : null;
}
