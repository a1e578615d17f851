import { type AgentRecord, type AgentRecordsAck, recordTimeLimits } from '@syrx/contracts/records';
import type { Db } from '../../db/client.ts';
import { MonthPartitions } from '../../lib/month-partitions.ts';
import { type RecordColumns, recordsRepo } from './records.repo.ts';

/** The range of record times the server accepts now: not older than the age limit, not later than now + a day. */
export function acceptedTimes(now = Date.now()): { min: number; max: number } {
  return { min: now - recordTimeLimits.maxAgeDays * 86_400_000, max: now + recordTimeLimits.maxFutureSeconds * 1000 };
}

/**
 * Stores records: partitions first (outside the transaction), then in one transaction the batch's series (locked) and
 * one INSERT … SELECT FROM unnest with the series summaries moved on in the same statement. The agent's uploads and
 * the benchmark go through here.
 */
export function createRecordIngest(db: Db) {
  const partitions = new MonthPartitions(db, 'point_records');

  /** Columns of the records whose point the map knows; the others are counted as refused. */
  function columnsOf(records: AgentRecord[], dataPoints: Map<number, number>): { rows: RecordColumns; refused: number } {
    const rows: RecordColumns = { ids: [], times: [], values: [] };
    let refused = 0;
    for (const [pointId, time, value] of records) {
      const id = dataPoints.get(pointId);
      if (id === undefined) refused++;
      else {
        rows.ids.push(id);
        rows.times.push(time);
        rows.values.push(value);
      }
    }
    return { rows, refused };
  }

  /**
   * A batch from a controller's agent: records of points of that controller with sensible times are stored (a record
   * stored before is a duplicate, not an error); the rest are refused. The answer is the agent's acknowledgement.
   */
  async function fromAgent(controllerId: string, records: AgentRecord[]): Promise<AgentRecordsAck> {
    const { min, max } = acceptedTimes();
    const timely = records.filter(([, t]) => t >= min && t <= max);
    const pointIds = [...new Set(timely.map(([id]) => id))];
    const outcome = await partitions.around(timely.map(([, t]) => t), () =>
      db.transaction(async (tx) => {
        const { rows, refused } = columnsOf(timely, await recordsRepo.dataPointsOfController(tx, controllerId, pointIds));
        const stored = rows.ids.length > 0 ? await recordsRepo.insert(tx, rows) : 0;
        return { stored, duplicates: rows.ids.length - stored, refused };
      }));
    return { ok: true, ...outcome, refused: outcome.refused + records.length - timely.length };
  }

  return { fromAgent };
}
export type RecordIngest = ReturnType<typeof createRecordIngest>;
