const two = (n: number) => String(n).padStart(2, '0');

/** A timestamp in the browser's time zone as MM/DD/YYYY hh:mm:ss a (e.g. 03/07/2025 02:05:09 pm). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const hours = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
  const date = `${two(d.getMonth() + 1)}/${two(d.getDate())}/${d.getFullYear()}`;
  return `${date} ${two(hours)}:${two(d.getMinutes())}:${two(d.getSeconds())} ${d.getHours() < 12 ? 'am' : 'pm'}`;
}

/** A nullable timestamp for a table cell: empty when there is none. */
export const formatOptionalDateTime = (iso: string | null | undefined): string => (iso ? formatDateTime(iso) : '');

/** The calendar day of a moment in UTC as MM-DD-YYYY (the point-reporting link's dates). */
export function formatUtcDay(date: Date): string {
  return `${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}-${date.getUTCFullYear()}`;
}
