import type { Readable } from 'node:stream';
import type { AgentRecord, AgentRecordsAck, LatestRecord, PointRecord, RecordSeries } from '@syrx/contracts/records';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../security/actor.ts';
import { agentUploadBatching, BatchQueue } from '../../lib/batch-queue.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import { createPointDataService, type PointDataService, type PointRange } from './point-data.service.ts';
import { createRecordIngest, type RecordsUpload } from './record-ingest.ts';

/** What every record query of BACnet points names: their ids and a time range (ISO, from inclusive, to exclusive). */
export interface RecordRange {
  bacnet_point_ids: number[];
  from: string;
  to: string;
}

const asPoints = (q: RecordRange): PointRange => ({ point_ids: q.bacnet_point_ids, from: q.from, to: q.to });

/** The columns of the BACnet points' CSV (the point-records routes' own, as they always were). */
export const csvColumns = ['bacnet_point_id', 'device_name', 'point_name'] as const;

/**
 * Point records of controllers' BACnet points: the agents' uploads in, and the point-records routes' reads (chart
 * series, raw pages, CSV, latest values), which are the controller kind's reads of the point data service named by
 * BACnet point ids. Each point must belong to a controller the user can see, else the whole request is a 404.
 * @param pointData the app's point data service; by default one that reads controllers' points only (benchmarks)
 */
export function createRecordsService(
  db: Db,
  controllers: Pick<ControllersService, 'accessible'>,
  pointData: PointDataService = createPointDataService(db, { controllers, groups: { canSee: async () => false } }),
) {
  const ingest = createRecordIngest(db);
  const uploads = new BatchQueue((batch: RecordsUpload[]) => ingest.fromAgents(batch), { ...agentUploadBatching, kind: 'records' });

  return {
    fromAgent: (controllerId: string, records: AgentRecord[]): Promise<AgentRecordsAck> => ingest.fromAgent(controllerId, records),

    /** An agent's upload, stored with the other agents' uploads of the moment in one transaction; 'busy' when too many wait. */
    queueFromAgent: (controllerId: string, records: AgentRecord[]): Promise<AgentRecordsAck | 'busy'> => uploads.add(controllerId, { controllerId, records }),

    /** Stores what waits and takes no more (the server is closing). */
    close: (): Promise<void> => uploads.close(),

    /** Chart data: every record when each series fits `max_points`, else buckets of the fitting resolution. */
    async series(actor: Actor, q: RecordRange & { max_points: number }): Promise<RecordSeries> {
      const s = await pointData.series(actor, 'controller', { ...asPoints(q), max_points: q.max_points });
      return { resolution_seconds: s.resolution_seconds, series: s.series.map((x) => ({ bacnet_point_id: x.point_id, points: x.points })) };
    },

    /** A page of raw records, oldest first. */
    async page(actor: Actor, q: RecordRange & { skip: number; take: number }): Promise<PointRecord[]> {
      const rows = await pointData.page(actor, 'controller', { ...asPoints(q), skip: q.skip, take: q.take });
      return rows.map((r) => ({ bacnet_point_id: r.point_id, timestamp: r.timestamp, value: r.value }));
    },

    count: (actor: Actor, q: RecordRange): Promise<number> => pointData.count(actor, 'controller', asPoints(q)),

    /** Every record of the range as CSV, streamed (checked before the first byte, so a refusal is a proper 404). */
    csv: (actor: Actor, q: RecordRange): Promise<Readable> =>
      pointData.csv(actor, 'controller', asPoints(q), { columns: csvColumns, cells: (p) => [p.point_id, p.path[1] ?? '', p.path[2] ?? ''] }),

    /** The summary of each point's series: latest time and value, earliest time, how many records. */
    async latest(actor: Actor, ids: number[]): Promise<LatestRecord[]> {
      const points = await pointData.points(actor, 'controller', ids);
      return points.map((p) => ({ bacnet_point_id: p.point_id, timestamp: p.latest, value: p.latest_value, earliest: p.earliest, count: p.count }));
    },
  };
}
export type RecordsService = ReturnType<typeof createRecordsService>;
