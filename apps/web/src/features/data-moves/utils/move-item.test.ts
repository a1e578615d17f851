import { describe, expect, it } from 'vitest';
import { entryProblem, newQueueEntry, rangeEndExclusive, rangeStart, samePoint, toMoveItem } from './move-item';

const ahu = { name: 'invensys|AHU-1|SAT|PV', vendorPointId: 3, pcsPointId: null };
const pcs = { name: 'Plant / Chiller 1 / CHWST', vendorPointId: null, pcsPointId: 3 };

describe('move queue entry', () => {
  it('sends the inclusive end day as the next day at midnight UTC, across month and year ends', () => {
    expect(rangeEndExclusive('2025-03-07')).toBe('2025-03-08T00:00:00.000Z');
    expect(rangeEndExclusive('2024-02-29')).toBe('2024-03-01T00:00:00.000Z');
    expect(rangeEndExclusive('2025-12-31')).toBe('2026-01-01T00:00:00.000Z');
    expect(rangeEndExclusive('')).toBeNull();
    expect(rangeEndExclusive('2025-02-30')).toBeNull();
    expect(rangeStart('2025-03-01')).toBe('2025-03-01T00:00:00.000Z');
  });

  it('starts as all records, copy, remap, and posts as the item the server takes', () => {
    const entry = newQueueEntry(1, ahu, pcs);
    expect(entryProblem(entry)).toBeNull();
    expect(toMoveItem(entry)).toEqual({
      source_data_point_name: 'invensys|AHU-1|SAT|PV', source_vendor_point_id: 3, source_pcs_point_id: null, source_syrx_controller_bacnet_point_id: null,
      destination_data_point_name: 'Plant / Chiller 1 / CHWST', destination_vendor_point_id: null, destination_pcs_point_id: 3, destination_syrx_controller_bacnet_point_id: null,
      full_time_range: true, start_date: null, end_date: null, source_record_handling: 'copy', remap_equipment_points: true,
    });
  });

  it('sends a date range only when not all records, and says what is missing or backwards', () => {
    const ranged = { ...newQueueEntry(1, ahu, pcs), fullTimeRange: false, startDate: '2025-03-01', endDate: '2025-03-01', sourceRecordHandling: 'move' as const, remapEquipmentPoints: false };
    expect(entryProblem(ranged)).toBeNull();
    expect(toMoveItem(ranged)).toMatchObject({ full_time_range: false, start_date: '2025-03-01T00:00:00.000Z', end_date: '2025-03-02T00:00:00.000Z', source_record_handling: 'move', remap_equipment_points: false });
    expect(entryProblem({ ...ranged, endDate: '' })).toBe('Choose a start date and an end date, or All records.');
    expect(entryProblem({ ...ranged, endDate: '2025-02-27' })).toBe('The end date is before the start date.');
  });

  it('knows a point from another of the other kind with the same id', () => {
    expect(samePoint(ahu, { ...ahu, name: 'x' })).toBe(true);
    expect(samePoint(ahu, { ...pcs })).toBe(false);
  });
});
