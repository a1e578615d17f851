import { PeriodicTask } from './periodic-task.ts';

const day = 86_400_000;

/** What one retention deletes: rows older than `days`, at most `chunk` a statement (so no statement holds the database long). */
export interface RetentionPolicy {
  days: number;
  chunk: number;
  /** Deletes up to `limit` rows older than `cutoff`; returns how many went. */
  deleteOlderThan: (cutoff: Date, limit: number) => Promise<number>;
}

/** The moment before which rows kept `days` days are expired. */
export const retentionCutoff = (days: number, now = Date.now()): Date => new Date(now - days * day);

/** Deletes what the policy has expired, chunk after chunk until one comes back short; returns how many went. */
export async function purgeExpired(policy: RetentionPolicy, now = Date.now()): Promise<number> {
  const cutoff = retentionCutoff(policy.days, now);
  let total = 0;
  for (;;) {
    const n = await policy.deleteOlderThan(cutoff, policy.chunk);
    total += n;
    if (n < policy.chunk) return total;
  }
}

/**
 * The server's retention: every policy purged in turn by one periodic task (the run's result names how many rows each
 * deleted). Every instance runs it; deleting what is old is idempotent.
 */
export function retentionTask(policies: Record<string, RetentionPolicy>, log: ConstructorParameters<typeof PeriodicTask>[2]): PeriodicTask {
  return new PeriodicTask('retention', async () => {
    const deleted: Record<string, number> = {};
    for (const [name, policy] of Object.entries(policies)) deleted[name] = await purgeExpired(policy);
    return deleted;
  }, log);
}
