import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { JobHandler, JobsService } from '../jobs/jobs.service.ts';
import { backfillPending, backfillStep, seriesToBackfill } from './rollup-backfill.repo.ts';

const stateSchema = z.object({ series: z.number().default(0), records: z.number().default(0), total: z.number().nullable().default(null) });
const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * 'point_record_rollup_backfill': builds the rollups of every series that has none (docs/point-records.md), a few
 * series per step with its progress, so a worker stopped half-way resumes where it was. Run again it finds nothing.
 */
export const rollupBackfillHandler: JobHandler = {
  jobType: 'point_record_rollup_backfill',
  async run(ctx) {
    let s = stateSchema.parse(ctx.job.state);
    const total = s.total ?? s.series + (await seriesToBackfill(ctx.db)).series;
    for (;;) {
      const before = s;
      const step = await ctx.step(async (tx) => {
        const done = await backfillStep(tx);
        const next = { series: before.series + done.series, records: before.records + done.records, total };
        if (done.series > 0) await ctx.log('INFO', `Built the rollups of ${fmt(done.series)} series (${fmt(done.records)} records).`);
        else await ctx.log('INFO', `Finished: the rollups of ${fmt(next.series)} series (${fmt(next.records)} records) are built.`);
        return { result: { done, next }, state: next, progress: done.series === 0 ? 100 : Math.min(99, (100 * next.series) / Math.max(1, total)) };
      });
      s = step.next;
      if (step.done.series === 0) return;
    }
  },
};

/**
 * Queues the backfill when some series have no rollups and no backfill is waiting or running (an upgrade: the
 * migration marks the series of before as not rolled up). Whether it queued one.
 */
export async function queueBackfillIfNeeded(db: DbOrTx, jobs: Pick<JobsService, 'create'>): Promise<boolean> {
  if ((await seriesToBackfill(db)).series === 0 || (await backfillPending(db))) return false;
  await jobs.create({ jobType: 'point_record_rollup_backfill', params: {}, userId: null });
  return true;
}
