import { acceptedTimes, type AgentRecord, type AgentRecordsAck, isSensibleValue } from '@syrx/contracts/records';
import type { Db } from '../../db/client.ts';
import { alone, togetherOrAlone } from '../../lib/batch-queue.ts';
import { MonthPartitions } from '../../lib/month-partitions.ts';
import { isDatabaseUnavailable, isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors.ts';
import { type RecordColumns, recordsRepo } from './records.repo.ts';
import { SeriesCache } from './series-cache.ts';

/** A record the server stores: its time in the accepted range (acceptedTimes), its value within the limit. */
const isAccepted = (time: number, value: number, { min, max }: { min: number; max: number }) => time >= min && time <= max && isSensibleValue(value);

/** One agent's upload: records of its controller's points. */
export interface RecordsUpload {
  controllerId: string;
  records: AgentRecord[];
}

type Timely = AgentRecord[][];

/**
 * Stores records: partitions first (outside any transaction), then the records with their series' summaries and
 * rollups in one statement — for one upload or for many agents' uploads at once. The agents' uploads and the benchmark
 * go through here. Two roads:
 * - fast, the usual case: every point's series is known (SeriesCache) and no record was stored before. One plain
 *   INSERT with the summaries and rollups computed from the batch (records.repo insertNew), in one statement and so
 *   one transaction. The rollups' foreign key locks each series as the lookup would: a series deleted meanwhile fails
 *   the statement rather than leaving records behind.
 * - checked, otherwise (first upload of a point, an upload sent again, a point deleted): in one transaction the series
 *   are looked up (made on first use, locked) and the records inserted skipping those stored before.
 */
export function createRecordIngest(db: Db) {
  const partitions = new MonthPartitions(db, 'point_records');
  const known = new SeriesCache();

  /**
   * The batch's accepted records (isAccepted) in columns, with each upload's count of them, when every such record's
   * point has a known series; else null.
   */
  function knownColumns(uploads: RecordsUpload[], accepted: { min: number; max: number }): { rows: RecordColumns; counts: number[] } | null {
    const rows: RecordColumns = { ids: [], times: [], values: [], backfilled: [] };
    const counts: number[] = [];
    for (const u of uploads) {
      const series = known.of(u.controllerId);
      let n = 0;
      for (const [pointId, time, value, backfilled] of u.records) {
        if (!isAccepted(time, value, accepted)) continue;
        const id = series.get(pointId);
        if (id === undefined) return null;
        rows.ids.push(id);
        rows.times.push(time);
        rows.values.push(value);
        rows.backfilled?.push(backfilled === 1);
        n++;
      }
      counts.push(n);
    }
    return { rows, counts };
  }

  /** The checked road: series looked up and locked, records stored before skipped. */
  async function storeChecked(uploads: RecordsUpload[], timely: Timely): Promise<AgentRecordsAck[]> {
    const wanted = new Map<string, { controllerId: string; pointId: number }>();
    uploads.forEach((u, i) => {
      for (const [pointId] of timely[i] ?? []) wanted.set(SeriesCache.key(u.controllerId, pointId), { controllerId: u.controllerId, pointId });
    });
    return db.transaction(async (tx) => {
      const series = wanted.size > 0 ? await recordsRepo.dataPointsOf(tx, [...wanted.values()]) : new Map<string, number>();
      const rows: RecordColumns = { ids: [], times: [], values: [], backfilled: [] };
      const parts = uploads.map((u, i) => {
        const part = { rows: 0, refused: u.records.length - (timely[i]?.length ?? 0), series: new Set<number>() };
        for (const [pointId, time, value, backfilled] of timely[i] ?? []) {
          const id = series.get(SeriesCache.key(u.controllerId, pointId));
          if (id === undefined) {
            part.refused++;
            continue;
          }
          rows.ids.push(id);
          rows.times.push(time);
          rows.values.push(value);
          rows.backfilled?.push(backfilled === 1);
          part.rows++;
          part.series.add(id);
        }
        return part;
      });
      const inserted = rows.ids.length > 0 ? await recordsRepo.insert(tx, rows) : new Map<number, number>();
      for (const { controllerId, pointId } of wanted.values()) {
        const id = series.get(SeriesCache.key(controllerId, pointId));
        if (id !== undefined) known.add(controllerId, [[pointId, id]]);
      }
      return parts.map((p): AgentRecordsAck => {
        let stored = 0;
        for (const id of p.series) stored += inserted.get(id) ?? 0;
        return { ok: true, stored, duplicates: p.rows - stored, refused: p.refused };
      });
    });
  }

  /**
   * Uploads of different controllers stored together: records of each controller's points with sensible times and
   * values are stored (a record stored before is a duplicate, not an error); the rest are refused. The answers are the
   * agents' acknowledgements, in order. A data point belongs to one controller, so each upload's count is its own.
   */
  async function storeTogether(uploads: RecordsUpload[]): Promise<AgentRecordsAck[]> {
    const accepted = acceptedTimes();
    const fast = knownColumns(uploads, accepted);
    if (fast && fast.rows.ids.length > 0) {
      try {
        await partitions.around(fast.rows.times, () => recordsRepo.insertNew(db, fast.rows));
        return uploads.map((u, i): AgentRecordsAck => ({ ok: true, stored: fast.counts[i] ?? 0, duplicates: 0, refused: u.records.length - (fast.counts[i] ?? 0) }));
      } catch (err) {
        // A record stored before, or a series gone: the checked road tells which.
        if (!isUniqueViolation(err) && !isForeignKeyViolation(err)) throw err;
        known.forget(uploads.map((u) => u.controllerId));
      }
    }
    const timely = uploads.map((u) => u.records.filter(([, t, v]) => isAccepted(t, v, accepted)));
    return partitions.around(timely.flat().map(([, t]) => t), () => storeChecked(uploads, timely));
  }

  /** A batch from a controller's agent (records of its points); the answer is its acknowledgement. */
  const fromAgent = (controllerId: string, records: AgentRecord[]): Promise<AgentRecordsAck> => alone(storeTogether, { controllerId, records });

  /**
   * Several agents' uploads (one per controller) stored together; when that fails for a reason other than the
   * database being away, each is stored alone, so that one upload the database refuses fails by itself.
   */
  const fromAgents = (uploads: RecordsUpload[]): Promise<PromiseSettledResult<AgentRecordsAck>[]> =>
    togetherOrAlone(uploads, storeTogether, isDatabaseUnavailable);

  return { fromAgent, fromAgents };
}
export type RecordIngest = ReturnType<typeof createRecordIngest>;
