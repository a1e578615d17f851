import { type AgentRecord, type AgentRecordsAck, recordTimeLimits } from '@syrx/contracts/records';
import type { Db } from '../../db/client.ts';
import { alone, togetherOrAlone } from '../../lib/batch-queue.ts';
import { MonthPartitions } from '../../lib/month-partitions.ts';
import { isDatabaseUnavailable } from '../../lib/pg-errors.ts';
import { type RecordColumns, recordsRepo } from './records.repo.ts';

/** The range of record times the server accepts now: not older than the age limit, not later than now + a day. */
export function acceptedTimes(now = Date.now()): { min: number; max: number } {
  return { min: now - recordTimeLimits.maxAgeDays * 86_400_000, max: now + recordTimeLimits.maxFutureSeconds * 1000 };
}

/** One agent's upload: records of its controller's points. */
export interface RecordsUpload {
  controllerId: string;
  records: AgentRecord[];
}

/**
 * Stores records: partitions first (outside the transaction), then in one transaction the uploads' series (locked) and
 * one INSERT … SELECT FROM unnest with the series summaries moved on in the same statement — for one upload or for
 * many agents' uploads at once. The agents' uploads and the benchmark go through here.
 */
export function createRecordIngest(db: Db) {
  const partitions = new MonthPartitions(db, 'point_records');

  /**
   * Uploads of different controllers in one transaction: records of each controller's points with sensible times are
   * stored (a record stored before is a duplicate, not an error); the rest are refused. The answers are the agents'
   * acknowledgements, in order. A data point belongs to one controller, so each upload's count is its own.
   */
  async function storeTogether(uploads: RecordsUpload[]): Promise<AgentRecordsAck[]> {
    const { min, max } = acceptedTimes();
    const timely = uploads.map((u) => u.records.filter(([, t]) => t >= min && t <= max));
    const wanted = new Map<string, { controllerId: string; pointId: number }>();
    uploads.forEach((u, i) => {
      for (const [pointId] of timely[i] ?? []) wanted.set(`${u.controllerId} ${pointId}`, { controllerId: u.controllerId, pointId });
    });
    return partitions.around(timely.flat().map(([, t]) => t), () =>
      db.transaction(async (tx) => {
        const series = wanted.size > 0 ? await recordsRepo.dataPointsOf(tx, [...wanted.values()]) : new Map<string, number>();
        const rows: RecordColumns = { ids: [], times: [], values: [] };
        const parts = uploads.map((u, i) => {
          const part = { rows: 0, refused: u.records.length - (timely[i]?.length ?? 0), series: new Set<number>() };
          for (const [pointId, time, value] of timely[i] ?? []) {
            const id = series.get(`${u.controllerId} ${pointId}`);
            if (id === undefined) {
              part.refused++;
              continue;
            }
            rows.ids.push(id);
            rows.times.push(time);
            rows.values.push(value);
            part.rows++;
            part.series.add(id);
          }
          return part;
        });
        const inserted = rows.ids.length > 0 ? await recordsRepo.insert(tx, rows) : new Map<number, number>();
        return parts.map((p): AgentRecordsAck => {
          let stored = 0;
          for (const id of p.series) stored += inserted.get(id) ?? 0;
          return { ok: true, stored, duplicates: p.rows - stored, refused: p.refused };
        });
      }));
  }

  /** A batch from a controller's agent (records of its points); the answer is its acknowledgement. */
  const fromAgent = (controllerId: string, records: AgentRecord[]): Promise<AgentRecordsAck> => alone(storeTogether, { controllerId, records });

  /**
   * Several agents' uploads (one per controller) in one transaction; when that fails for a reason other than the
   * database being away, each is stored alone, so that one upload the database refuses fails by itself.
   */
  const fromAgents = (uploads: RecordsUpload[]): Promise<PromiseSettledResult<AgentRecordsAck>[]> =>
    togetherOrAlone(uploads, storeTogether, isDatabaseUnavailable);

  return { fromAgent, fromAgents };
}
export type RecordIngest = ReturnType<typeof createRecordIngest>;
