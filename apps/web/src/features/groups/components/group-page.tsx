import { useState } from 'react';
import { Alert, Breadcrumb, Button, Flex, Result, Space, Spin, Tabs, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useGroupDetail } from '../api/groups-admin';
import { groupPaths } from '../utils/group-paths';
import { DeleteGroupDialog } from './delete-group-dialog';
import { GroupAccounts, GroupControllers, GroupSubgroups } from './group-contents';
import { GroupEditor } from './group-editor';
import { GroupMembers } from './group-members';
import { NewSubgroupDialog } from './new-subgroup-dialog';

/** A group's page: where it is, its editor, and what it holds (members, subgroups, controllers, accounts). */
export function GroupPage({ groupId }: { groupId: number }) {
  const detail = useGroupDetail(groupId);
  const [dialog, setDialog] = useState<'new' | 'delete' | null>(null);

  if (detail.isPending) return <Spin aria-label="Loading the group" style={{ display: 'block', margin: '48px auto' }} />;
  if (detail.isError) return <Alert type="error" showIcon role="alert" title="The group could not be loaded" description={detail.error.message} />;
  if (detail.data === null) return <Result status="404" title="Group not found" subTitle="It may have been deleted." extra={<Link to={groupPaths.list}>Back to Groups</Link>} />;
  const g = detail.data;
  const { counts } = g;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" wrap gap={8}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            Group: {g.name}
          </Typography.Title>
          {g.path.length > 0 && (
            <Breadcrumb aria-label="Groups above" items={g.path.map((p) => ({ key: p.id, title: <Link to={groupPaths.group(p.id)}>{p.name}</Link> }))} />
          )}
        </div>
        <Space>
          <Button icon={<PlusOutlined />} onClick={() => setDialog('new')}>
            New subgroup
          </Button>
          <Button danger icon={<DeleteOutlined />} disabled={g.parent_id === null} title={g.parent_id === null ? 'The top-level group cannot be deleted.' : undefined} onClick={() => setDialog('delete')}>
            Delete
          </Button>
        </Space>
      </Flex>
      <GroupEditor key={`${g.name}:${g.parent_id}:${g.require_two_factor}`} group={g} />
      <Tabs
        items={[
          { key: 'members', label: `Members (${counts.members})`, children: <GroupMembers groupId={g.id} groupName={g.name} /> },
          { key: 'subgroups', label: `Subgroups (${counts.subgroups})`, children: <GroupSubgroups groupId={g.id} /> },
          { key: 'controllers', label: `Syrx controllers (${counts.controllers})`, children: <GroupControllers groupId={g.id} /> },
          { key: 'accounts', label: `Accounts (${counts.accounts})`, children: <GroupAccounts groupId={g.id} /> },
        ]}
      />
      {dialog === 'new' && <NewSubgroupDialog parent={g} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteGroupDialog group={g} onClose={() => setDialog(null)} />}
    </Flex>
  );
}
