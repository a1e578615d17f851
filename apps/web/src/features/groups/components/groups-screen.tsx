import { Card, Empty, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { useGroupDetail } from '../api/groups-admin';
import { groupPaths } from '../utils/group-paths';
import { GroupPage } from './group-page';
import { GroupTree } from './group-tree';
import { Page } from '../../../components/page';

/** /admin/groups and /admin/groups/{id}: the group tree beside the chosen group's page. */
export function GroupsScreen({ groupId }: { groupId: number | null }) {
  const navigate = useNavigate();
  return (
    <Page title="Groups">
      <Flex gap={24} align="flex-start" wrap>
        <Card size="small" title="Group tree" style={{ width: 320 }}>
          {groupId === null ? (
            <GroupTree selected={null} reveal={[]} onSelect={(id) => void navigate(groupPaths.group(id))} />
          ) : (
            <RevealingTree groupId={groupId} onSelect={(id) => void navigate(groupPaths.group(id))} />
          )}
        </Card>
        <div style={{ flex: 1, minWidth: 480 }}>
          {groupId === null ? <Empty description="Choose a group in the tree to see and change it." /> : <GroupPage key={groupId} groupId={groupId} />}
        </div>
      </Flex>
    </Page>
  );
}

/** The tree opened down to the chosen group and at it (its path is the page's query: asked once for both). */
function RevealingTree({ groupId, onSelect }: { groupId: number; onSelect: (id: number) => void }) {
  const detail = useGroupDetail(groupId);
  const path = detail.data?.path.map((g) => g.id) ?? [];
  return <GroupTree selected={groupId} reveal={detail.data ? [...path, groupId] : []} onSelect={onSelect} />;
}
