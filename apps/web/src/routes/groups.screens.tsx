import { useParams } from 'react-router';
import { PageNotFound } from '../components/page-not-found';
import { GroupsScreen } from '../features/groups/components/groups-screen';

/** /admin/groups, or a group's page; a path that holds no id is no page. */
export function GroupsRoute() {
  const raw = useParams().groupId;
  if (raw === undefined) return <GroupsScreen groupId={null} />;
  return /^[1-9]\d{0,9}$/.test(raw) ? <GroupsScreen groupId={Number(raw)} /> : <PageNotFound />;
}
