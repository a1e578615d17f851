import type { Db } from '../../db/client.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import type { JobsService, JobWorker } from '../jobs/jobs.service.ts';
import { pointDataRoutesOf } from './point-data.routes.ts';
import type { PointDataService } from './point-data.service.ts';
import { recordsRoutes } from './records.routes.ts';
import type { RecordBackfillService } from './record-backfill.service.ts';
import type { RecordsService } from './records.service.ts';
import { queueBackfillIfNeeded, rollupBackfillHandler } from './rollup-backfill.job.ts';

export interface RecordsDeps extends GuardDeps {
  db: Db;
  records: RecordsService;
  backfill: RecordBackfillService;
  pointData: PointDataService;
  jobs: Pick<JobsService, 'create'>;
  jobWorker: Pick<JobWorker, 'register'>;
}

/**
 * Point records (docs/point-records.md): the BACnet points' record routes, the reads of every kind of point, and the
 * rollups' backfill — its job's handler, and the job queued once the app is ready when some series have no rollups
 * (after an upgrade).
 */
export const recordsModule: Routes<RecordsDeps> = (app, { db, records, backfill, pointData, jobs, jobWorker, guards }) => {
  jobWorker.register(rollupBackfillHandler);
  recordsRoutes(app, { records, backfill, guards });
  pointDataRoutesOf(app, { pointData, guards });
  app.addHook('onReady', async () => {
    if (await queueBackfillIfNeeded(db, jobs)) app.log.info('point record rollups: a backfill job is queued for the series without rollups');
  });
};
