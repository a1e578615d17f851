import { useParams } from 'react-router';
import type { PointHealthFinding } from '@syrx/contracts/point-health';
import { PageNotFound } from '../components/page-not-found';
import { useCurrentUser } from '../lib/session';
import { CreateIssueFromFindings } from '../features/issues/components/create-issue-from-findings';
import { SweepScreen } from '../features/point-health/components/sweep-screen';

export { FleetScreen } from '../features/point-health/components/fleet-screen';

/**
 * A sweep's page; a path that holds no id is no page. A new id starts afresh (no filter or page of the previous one).
 * The findings selected in its grid become one issue of the issues log.
 */
export function SweepRoute() {
  const raw = useParams().sweepId ?? '';
  const mayLogIssues = useCurrentUser().permissions.includes('issues_manage');
  const actions = mayLogIssues ? (selected: PointHealthFinding[]) => <CreateIssueFromFindings findings={selected} /> : undefined;
  return /^[1-9]\d{0,9}$/.test(raw) ? <SweepScreen key={raw} id={Number(raw)} {...(actions ? { findingActions: actions } : {})} /> : <PageNotFound />;
}
