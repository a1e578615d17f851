import type { MoveItem, SourceRecordHandling } from '@syrx/contracts/data-moves';
import { addUtcDays, parseIsoDay } from '../../../lib/date-format';

/** A point a tree offers for a move: exactly one of its ids is set. */
export interface MovePoint {
  /** What the queue and the move-job list call it (a vendor point's id joined by '|', a PCS point's site / device / point). */
  name: string;
  vendorPointId: number | null;
  pcsPointId: number | null;
}

/** One queued move (spec 02 section 3, move-data queue entry). Dates are date inputs' values (YYYY-MM-DD). */
export interface QueueEntry {
  id: number;
  source: MovePoint;
  destination: MovePoint;
  fullTimeRange: boolean;
  startDate: string;
  endDate: string;
  sourceRecordHandling: SourceRecordHandling;
  remapEquipmentPoints: boolean;
}

/** A new entry: all records, copy, remap equipment points (spec 02 section 4). */
export const newQueueEntry = (id: number, source: MovePoint, destination: MovePoint): QueueEntry => ({
  id, source, destination, fullTimeRange: true, startDate: '', endDate: '', sourceRecordHandling: 'copy', remapEquipmentPoints: true,
});

export const samePoint = (a: MovePoint, b: MovePoint): boolean =>
  (a.vendorPointId !== null && a.vendorPointId === b.vendorPointId) || (a.pcsPointId !== null && a.pcsPointId === b.pcsPointId);

/** The start of the range: midnight UTC of the start day (ISO); null when empty or no such day. */
export const rangeStart = (day: string): string | null => parseIsoDay(day)?.toISOString() ?? null;

/** The end of the range is inclusive: the end day is sent as the next day at midnight UTC (ISO); null when empty or no such day. */
export function rangeEndExclusive(day: string): string | null {
  const date = parseIsoDay(day);
  return date ? addUtcDays(date, 1).toISOString() : null;
}

/** What stops an entry from being submitted, for the user; null when it can go. */
export function entryProblem(entry: QueueEntry): string | null {
  if (entry.fullTimeRange) return null;
  const start = rangeStart(entry.startDate);
  const end = rangeEndExclusive(entry.endDate);
  if (start === null || end === null) return 'Choose a start date and an end date, or All records.';
  if (start >= end) return 'The end date is before the start date.';
  return null;
}

/** An entry as POST /api/v2/vendor_point_record_move_jobs takes it. */
export function toMoveItem(entry: QueueEntry): MoveItem {
  return {
    source_data_point_name: entry.source.name,
    source_vendor_point_id: entry.source.vendorPointId,
    source_pcs_point_id: entry.source.pcsPointId,
    source_syrx_controller_bacnet_point_id: null,
    destination_data_point_name: entry.destination.name,
    destination_vendor_point_id: entry.destination.vendorPointId,
    destination_pcs_point_id: entry.destination.pcsPointId,
    destination_syrx_controller_bacnet_point_id: null,
    full_time_range: entry.fullTimeRange,
    start_date: entry.fullTimeRange ? null : rangeStart(entry.startDate),
    end_date: entry.fullTimeRange ? null : rangeEndExclusive(entry.endDate),
    source_record_handling: entry.sourceRecordHandling,
    remap_equipment_points: entry.remapEquipmentPoints,
  };
}
