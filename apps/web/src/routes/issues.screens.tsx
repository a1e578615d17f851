import { useParams } from 'react-router';
import type { IssueKind } from '@syrx/contracts/issues';
import { PageNotFound } from '../components/page-not-found';
import { IssueScreen } from '../features/issues/components/issue-screen';
import { IssuesScreen } from '../features/issues/components/issues-screen';

/** An entry's page; a path that holds no id is no page. */
function EntryRoute({ kind }: { kind: IssueKind }) {
  const raw = useParams().issueId ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) ? <IssueScreen key={raw} kind={kind} id={Number(raw)} /> : <PageNotFound />;
}

export const IssuesRoute = () => <IssuesScreen key="issue" kind="issue" />;
export const TasksRoute = () => <IssuesScreen key="task" kind="task" />;
export const IssueRoute = () => <EntryRoute kind="issue" />;
export const TaskRoute = () => <EntryRoute kind="task" />;
