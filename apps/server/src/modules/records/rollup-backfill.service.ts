import type { Db } from '../../db/client.ts';
import { backfillStep, seriesToBackfill } from './rollup-backfill.repo.ts';

/**
 * Builds the rollups of every series without them, a step (one transaction) at a time, telling `report` how far it
 * got: the command's road (npm run backfill-rollups); the server's is the job (rollup-backfill.job.ts). What it did.
 */
export async function backfillAll(db: Db, report: (done: { series: number; records: number }, total: { series: number; records: number }) => void): Promise<{ series: number; records: number }> {
  const total = await seriesToBackfill(db);
  const done = { series: 0, records: 0 };
  for (;;) {
    const step = await db.transaction((tx) => backfillStep(tx));
    if (step.series === 0) return done;
    done.series += step.series;
    done.records += step.records;
    report(done, total);
  }
}
