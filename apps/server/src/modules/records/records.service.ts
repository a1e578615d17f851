import type { Readable } from 'node:stream';
import { AppError } from '@syrx/contracts/errors';
import type { AgentRecord, AgentRecordsAck, LatestRecord, PointRecord, RecordSeries } from '@syrx/contracts/records';
import type { Db } from '../../db/client.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import type { Actor } from '../../security/actor.ts';
import { csvOfRecords } from './record-csv.ts';
import { agentUploadBatching, BatchQueue } from '../../lib/batch-queue.ts';
import { createRecordIngest, type RecordsUpload } from './record-ingest.ts';
import { type RecordPointRow, recordReadsRepo as reads, type SeriesRange } from './record-reads.repo.ts';
import { seriesOf } from './record-series.ts';

/** What every record query names: BACnet point ids and a time range (ISO, from inclusive, to exclusive). */
export interface RecordRange {
  bacnet_point_ids: number[];
  from: string;
  to: string;
}

const pointNotFound = () => AppError.notFound('The BACnet point');
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Point records: the agent's uploads in, chart series, raw pages, CSV and latest values out. Every read names BACnet
 * points; each must belong to a controller the user can see, else the whole request is a 404 (no existence leaks).
 */
export function createRecordsService(db: Db, controllers: Pick<ControllersService, 'accessible'>) {
  const ingest = createRecordIngest(db);
  const uploads = new BatchQueue((batch: RecordsUpload[]) => ingest.fromAgents(batch), agentUploadBatching);

  /** The points in the order asked, once the actor may see every one's controller. */
  async function visiblePoints(actor: Actor, ids: number[]): Promise<RecordPointRow[]> {
    const byId = new Map((await reads.points(db, ids)).map((r) => [r.bacnet_point_id, r]));
    const points: RecordPointRow[] = [];
    for (const id of ids) {
      const p = byId.get(id);
      if (!p) throw pointNotFound();
      points.push(p);
    }
    for (const controllerId of new Set(points.map((r) => r.controller_id))) {
      await controllers.accessible(actor, controllerId).catch((err: unknown) => {
        throw err instanceof AppError && err.status === 404 ? pointNotFound() : err;
      });
    }
    return points;
  }

  /** The points and the range as the store reads them: their series (points without records have none). */
  async function rangeOf(actor: Actor, q: RecordRange): Promise<{ points: RecordPointRow[]; range: SeriesRange }> {
    const points = await visiblePoints(actor, q.bacnet_point_ids);
    const ids = points.flatMap((p) => (p.data_point_id === null ? [] : [p.data_point_id]));
    return { points, range: { ids, from: new Date(q.from).toISOString(), to: new Date(q.to).toISOString() } };
  }

  const bacnetIdOf = (points: RecordPointRow[]) => new Map(points.map((p) => [p.data_point_id, p.bacnet_point_id]));

  return {
    fromAgent: (controllerId: string, records: AgentRecord[]): Promise<AgentRecordsAck> => ingest.fromAgent(controllerId, records),

    /** An agent's upload, stored with the other agents' uploads of the moment in one transaction; 'busy' when too many wait. */
    queueFromAgent: (controllerId: string, records: AgentRecord[]): Promise<AgentRecordsAck | 'busy'> => uploads.add(controllerId, { controllerId, records }),

    /** Stores what waits and takes no more (the server is closing). */
    close: (): Promise<void> => uploads.close(),

    /** Chart data: every record when each series fits `max_points`, else date_bin buckets of the fitting resolution. */
    async series(actor: Actor, q: RecordRange & { max_points: number }): Promise<RecordSeries> {
      const { points, range } = await rangeOf(actor, q);
      return seriesOf(db, points, range, q.max_points);
    },

    /** A page of raw records, oldest first. */
    async page(actor: Actor, q: RecordRange & { skip: number; take: number }): Promise<PointRecord[]> {
      const { points, range } = await rangeOf(actor, q);
      if (range.ids.length === 0) return [];
      const ids = bacnetIdOf(points);
      const rows = await reads.page(db, range, { offset: q.skip, limit: q.take });
      return rows.map((r) => ({ bacnet_point_id: ids.get(r.id) ?? 0, timestamp: new Date(r.t).toISOString(), value: r.value }));
    },

    async count(actor: Actor, q: RecordRange): Promise<number> {
      const { range } = await rangeOf(actor, q);
      return range.ids.length === 0 ? 0 : reads.count(db, range);
    },

    /** Every record of the range as CSV, streamed (checked before the first byte, so a refusal is a proper 404). */
    async csv(actor: Actor, q: RecordRange): Promise<Readable> {
      const { points, range } = await rangeOf(actor, q);
      return csvOfRecords(db, points, range);
    },

    /** The summary of each point's series: latest time and value, earliest time, how many records. */
    async latest(actor: Actor, ids: number[]): Promise<LatestRecord[]> {
      const points = await visiblePoints(actor, ids);
      return points.map((p) => ({ bacnet_point_id: p.bacnet_point_id, timestamp: iso(p.latest), value: p.latest_value, earliest: iso(p.earliest), count: p.count }));
    },
  };
}
export type RecordsService = ReturnType<typeof createRecordsService>;
