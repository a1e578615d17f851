import { type IssueKind } from '@syrx/contracts/issues';
import { findingSubject, pointHealthCategoryLabels } from '@syrx/contracts/point-health';
import type { DbOrTx } from '../../db/client.ts';
import { issueAutoCloseRepo as repo, type LinkedFinding } from './issue-auto-close.repo.ts';
import { issuesRepo } from './issues.repo.ts';

const subject = (f: LinkedFinding) => `${pointHealthCategoryLabels[f.category].toLowerCase()} on ${findingSubject(f)}`;

/**
 * Run in the last step of a point health sweep (its transaction): every open issue or task whose linked findings are
 * all gone — the latest later sweep of each finding's scope read its controller and device and no longer finds it —
 * moves to its kind's closed status, and its history says which sweep no longer finds what. Returns how many closed.
 */
export async function closeIssuesResolvedBySweep(tx: DbOrTx, sweepId: number): Promise<number> {
  const byIssue = new Map<number, LinkedFinding[]>();
  for (const f of await repo.linkedFindings(tx, sweepId)) byIssue.set(f.issue_id, [...(byIssue.get(f.issue_id) ?? []), f]);
  const statuses = new Map<IssueKind, { id: number; name: string } | null>();
  let closed = 0;
  for (const [issueId, findings] of byIssue) {
    if (!findings.every((f) => f.gone)) continue;
    const first = findings[0];
    if (!first) continue;
    if (!statuses.has(first.kind)) statuses.set(first.kind, await repo.closedStatus(tx, first.kind));
    const status = statuses.get(first.kind);
    if (!status) continue;
    await repo.close(tx, issueId, status.id);
    const message = `Closed automatically: sweep #${sweepId} no longer finds ${findings.map(subject).join('; ')}`;
    await issuesRepo.record(tx, issueId, null, 'closed_automatically', [{ field: 'status', from: first.status, to: status.name }], message);
    closed += 1;
  }
  return closed;
}
