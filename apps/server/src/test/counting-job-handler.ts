import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { JobType } from '@syrx/contracts/jobs';
import type { Db } from '../db/client.ts';
import type { JobHandler } from '../modules/jobs/job-handler.ts';

/**
 * A test job: writes the numbers 1…total into job_test_items in steps of `chunk`, one transaction per step that also
 * saves { done } as the job's state; sleeps `delayMs` inside each step's transaction (so a kill lands mid-step). Each
 * row records which worker tag and attempt wrote it; the primary key makes a step done twice fail loudly.
 * No vitest here: a worker child process imports this module (worker-process.ts --handlers).
 */
export interface CountingParams { total: number; chunk: number; delayMs: number }

/** A counting job to 1…total in steps of `chunk`, `delayMs` inside each. */
export const countingJob = (total: number, chunk: number, delayMs = 0) => ({ jobType: 'point_record_copy' as const, params: { total, chunk, delayMs }, userId: 1 });

export async function createCountingTable(db: Db): Promise<void> {
  await db.execute(sql`
    create table if not exists job_test_items (job_id bigint not null, n int not null, attempt int not null, worker text not null, primary key (job_id, n))`);
}

/** The numbers a counting job wrote, with the attempt and the worker tag that wrote each. */
export async function countedItems(db: Db, jobId: number): Promise<{ n: number; attempt: number; worker: string }[]> {
  return (await db.execute<{ n: number; attempt: number; worker: string }>(sql`select n, attempt, worker from job_test_items where job_id = ${jobId} order by n`)).rows;
}

export function countingHandler(tag: string, jobType: JobType = 'point_record_copy'): JobHandler {
  return {
    jobType,
    async run(ctx) {
      const p = ctx.job.params as unknown as CountingParams;
      let done = Number(ctx.job.state.done ?? 0);
      while (done < p.total) {
        const from = done + 1;
        const to = Math.min(p.total, done + p.chunk);
        done = await ctx.step(async (tx) => {
          await tx.execute(sql`
            insert into job_test_items (job_id, n, attempt, worker)
            select ${ctx.job.id}, g, ${ctx.job.attempts}, ${tag} from generate_series(${from}::int, ${to}::int) g`);
          await sleep(p.delayMs);
          return { result: to, state: { done: to }, progress: (100 * to) / p.total };
        });
      }
      await ctx.log('INFO', `Counted to ${p.total}`);
    },
  };
}

/** What worker-process.ts loads with --handlers. */
export const jobHandlers: JobHandler[] = [countingHandler('child-process')];
