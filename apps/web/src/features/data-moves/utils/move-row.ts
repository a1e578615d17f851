import type { MoveJobRow } from '@syrx/contracts/data-moves';

const two = (n: number) => String(n).padStart(2, '0');
const utcDate = (d: Date) => `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${d.getUTCFullYear()}`;

/**
 * A move's range as the user chose it: 'All records', or the start day and the inclusive end day (MM/DD/YYYY, UTC),
 * the end being sent as the next day's midnight.
 */
export function moveRangeLabel(row: Pick<MoveJobRow, 'full_time_range' | 'start_date' | 'end_date'>): string {
  if (row.full_time_range) return 'All records';
  const start = row.start_date ? new Date(row.start_date) : null;
  const end = row.end_date ? new Date(Date.parse(row.end_date) - 1) : null;
  const day = (d: Date | null) => (d === null || Number.isNaN(d.getTime()) ? '…' : utcDate(d));
  return `${day(start)} – ${day(end)}`;
}
