import type { Readable } from 'node:stream';
import type {
  Availability, AvailabilityQuery, PointDataKind, PointRecordRow, PointSeries, SeriesPoint,
} from '@syrx/contracts/point-data';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../security/actor.ts';
import { availabilityRepo } from './availability.repo.ts';
import { availabilityOf, daysBetween } from './availability.ts';
import { createPointAccess, type PointAccessDeps } from './point-access.ts';
import { type CsvLayout, csvOfRecords, csvStream } from './record-csv.ts';
import type { KindPointRow } from './record-points.repo.ts';
import { recordReadsRepo as reads, type SeriesRange } from './record-reads.repo.ts';
import { seriesOf } from './record-series.ts';

/** The points and time range a record read names (ISO, from inclusive, to exclusive). */
export interface PointRange {
  point_ids: number[];
  from: string;
  to: string;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const cell = (p: KindPointRow, i: number) => p.path[i] ?? '';

/** Each kind's CSV columns before timestamp and value. */
export const csvLayouts: Record<PointDataKind, CsvLayout> = {
  controller: { columns: ['bacnet_point_id', 'controller_name', 'device_name', 'point_name'], cells: (p) => [p.point_id, cell(p, 0), cell(p, 1), cell(p, 2)] },
  vendor: { columns: ['vendor_point_id', 'vendor', 'id_field_1', 'id_field_2', 'id_field_3'], cells: (p) => [p.point_id, cell(p, 0), cell(p, 1), cell(p, 2), cell(p, 3)] },
  pcs: { columns: ['pcs_point_id', 'site_name', 'device_name', 'point_name'], cells: (p) => [p.point_id, cell(p, 0), cell(p, 1), cell(p, 2)] },
  group: { columns: ['group_point_id', 'group_name', 'point_name', 'unit'], cells: (p) => [p.point_id, cell(p, 0), cell(p, 1), p.unit ?? ''] },
};

/**
 * The records of points of every kind (controller BACnet points, vendor, PCS and group points) through one set of
 * reads: the points' summaries, chart series (from the rollups where they serve), raw pages and their count, CSV, and
 * the availability report. Every read checks the reader may read each point (point-access.ts) before anything else.
 */
export function createPointDataService(db: DbOrTx, deps: PointAccessDeps) {
  const access = createPointAccess(db, deps);

  async function rangeOf(actor: Actor, kind: PointDataKind, q: PointRange): Promise<{ points: KindPointRow[]; range: SeriesRange }> {
    const points = await access.visiblePoints(actor, kind, q.point_ids);
    const ids = points.flatMap((p) => (p.data_point_id === null ? [] : [p.data_point_id]));
    return { points, range: { ids, from: new Date(q.from).toISOString(), to: new Date(q.to).toISOString() } };
  }

  const pointIdOf = (points: KindPointRow[]) => new Map(points.map((p) => [p.data_point_id, p.point_id]));

  async function availability(actor: Actor, kind: PointDataKind, q: AvailabilityQuery, now = Date.now()): Promise<Availability> {
    const points = await access.visiblePoints(actor, kind, q.point_ids);
    const days = daysBetween(q.from, q.to);
    const end = (days.at(-1) ?? 0) + 86_400_000;
    const series = points.filter((p) => p.data_point_id !== null);
    const id = (p: KindPointRow) => p.data_point_id as number;
    const counts = await availabilityRepo.dailyCounts(db, series.filter((p) => p.rolled_up).map(id), series.filter((p) => !p.rolled_up).map(id), days[0] ?? 0, end);
    const spacing = q.interval_seconds === undefined ? await availabilityRepo.medianSpacing(db, series.map(id), end) : new Map<number, number>();
    return availabilityOf({ days, points, counts, spacing, givenInterval: q.interval_seconds, now });
  }

  return {
    /** 403 for a reader who may read no point of the kind (before the request's input is looked at). */
    requireKind: access.requireKind,

    async points(actor: Actor, kind: PointDataKind, ids: number[]): Promise<SeriesPoint[]> {
      const points = await access.visiblePoints(actor, kind, ids);
      return points.map((p) => ({
        point_id: p.point_id, path: p.path, unit: p.unit, earliest: iso(p.earliest), latest: iso(p.latest), latest_value: p.latest_value, count: p.count,
      }));
    },

    /** Chart data: every record when each series fits `max_points`, else buckets of the fitting resolution. */
    async series(actor: Actor, kind: PointDataKind, q: PointRange & { max_points: number }): Promise<PointSeries> {
      const { points, range } = await rangeOf(actor, kind, q);
      return seriesOf(db, points, range, q.max_points);
    },

    /** A page of raw records, oldest first. */
    async page(actor: Actor, kind: PointDataKind, q: PointRange & { skip: number; take: number }): Promise<PointRecordRow[]> {
      const { points, range } = await rangeOf(actor, kind, q);
      if (range.ids.length === 0) return [];
      const ids = pointIdOf(points);
      const rows = await reads.page(db, range, { offset: q.skip, limit: q.take });
      return rows.map((r) => ({ point_id: ids.get(r.id) ?? 0, timestamp: new Date(r.t).toISOString(), value: r.value }));
    },

    async count(actor: Actor, kind: PointDataKind, q: PointRange): Promise<number> {
      const { range } = await rangeOf(actor, kind, q);
      return range.ids.length === 0 ? 0 : reads.count(db, range);
    },

    /** Every record of the range as CSV, streamed (checked before the first byte, so a refusal is a proper 404). */
    async csv(actor: Actor, kind: PointDataKind, q: PointRange, layout: CsvLayout = csvLayouts[kind]): Promise<Readable> {
      const { points, range } = await rangeOf(actor, kind, q);
      return csvOfRecords(db, points, range, layout);
    },

    availability,

    /** The availability report as CSV: a row per point and day. */
    async availabilityCsv(actor: Actor, kind: PointDataKind, q: AvailabilityQuery): Promise<Readable> {
      const report = await availability(actor, kind, q);
      async function* rows() {
        for (const p of report.points) {
          for (const [i, day] of report.days.entries()) {
            const share = p.share[i] ?? null;
            yield [p.point_id, p.path.join(' / '), day, p.present[i] ?? 0, p.expected_per_day === null ? null : Math.round(p.expected_per_day), share === null ? null : Math.round(share * 1000) / 1000];
          }
        }
      }
      return csvStream(rows(), ['point_id', 'point', 'day', 'records', 'expected_per_day', 'share']);
    },
  };
}
export type PointDataService = ReturnType<typeof createPointDataService>;
