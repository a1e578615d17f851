import type { Tx } from '../../db/client.ts';
import { type ClaimedRow, jobQueueRepo as repo, parentLogKey } from './job-queue.repo.ts';

/**
 * How a job ends and what that does to its parent, each in the caller's transaction. The order of locks is always the
 * job's row, then its parent's: a child that finishes and a parent whose handler returns meet on the parent's row, so
 * exactly one of them sees the last child finished and finishes the parent.
 */

/** The log entry a job's top-level entries hang under (a child's step entry in its parent's log), or null. */
export const topLogOf = (row: Pick<ClaimedRow, 'state'>): number | null => {
  const v = row.state[parentLogKey];
  return typeof v === 'number' ? v : null;
};

export type AfterRun =
  | { kind: 'succeeded'; next: ClaimedRow | null }
  | { kind: 'waiting' }
  | { kind: 'finish-parent' }
  | { kind: 'failed' }
  | { kind: 'lost' };

/**
 * After a handler's run returned: a job without children succeeded; a parent waits for its children (held by no
 * worker) or, when they have all succeeded already (a resumed parent), is to be finished by the caller.
 */
export async function afterRun(tx: Tx, row: ClaimedRow, workerId: string, leaseMs: number): Promise<AfterRun> {
  if (!(await repo.lockHeld(tx, row.id, workerId))) return { kind: 'lost' };
  const c = await repo.childCounts(tx, row.id);
  if (c.total === 0) return { kind: 'succeeded', next: await succeed(tx, row, workerId, leaseMs) };
  if (c.failed + c.cancelled > 0) {
    await fail(tx, row, workerId, 'A step of this job did not succeed.');
    return { kind: 'failed' };
  }
  if (c.unfinished > 0) {
    await repo.releaseToChildren(tx, row.id);
    return { kind: 'waiting' };
  }
  return { kind: 'finish-parent' };
}

/**
 * Marks a held job succeeded. When it was its parent's last child and the parent waits, the parent is taken by this
 * worker and returned: the caller runs its afterChildren and succeeds it in turn.
 */
export async function succeed(tx: Tx, row: ClaimedRow, workerId: string, leaseMs: number): Promise<ClaimedRow | null> {
  if (!(await repo.succeed(tx, row.id, workerId))) return null;
  if (row.parentJobId === null) return null;
  const parent = await repo.lockParent(tx, row.parentJobId);
  if (!parent || parent.status !== 'running' || parent.held) return null;
  const c = await repo.childCounts(tx, row.parentJobId);
  if (c.unfinished > 0 || c.failed + c.cancelled > 0) {
    await repo.updateParentProgress(tx, row.parentJobId);
    return null;
  }
  return repo.take(tx, row.parentJobId, workerId, leaseMs);
}

/**
 * Fails a job held by this worker (or, with workerId null, any unfinished job) with an ERROR entry; cancels what
 * would have run under it; fails its parent (and up), cancelling the parent's queued children — the later siblings.
 */
export async function fail(tx: Tx, row: Pick<ClaimedRow, 'id' | 'parentJobId' | 'jobType' | 'siblingIndex' | 'state'>, workerId: string | null, message: string, detail = message): Promise<boolean> {
  if (!(await repo.fail(tx, row.id, workerId, message))) return false;
  await repo.insertLog(tx, row.id, topLogOf(row), 'ERROR', `Failed: ${message}`, detail);
  await repo.cancelQueuedDescendants(tx, row.id);
  let child = row;
  while (child.parentJobId !== null) {
    const parent = await repo.lockParent(tx, child.parentJobId);
    if (!parent || !['queued', 'running'].includes(parent.status)) break;
    const step = `${child.siblingIndex + 1} (${child.jobType})`;
    await repo.fail(tx, parent.id, null, `Step ${step} failed: ${message}`);
    await repo.insertLog(tx, parent.id, topLogOf(parent), 'ERROR', `Failed: step ${step} failed`, message);
    await repo.cancelQueuedDescendants(tx, parent.id);
    child = parent;
  }
  return true;
}
