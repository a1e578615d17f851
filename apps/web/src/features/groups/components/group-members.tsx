import { type ReactNode, useState } from 'react';
import { Alert, Button, Flex, Input, Popconfirm, Table, Typography } from 'antd';
import type { GroupMember } from '@syrx/contracts/groups';
import { useGroupMembers, useMemberCandidates, useSetGroupMembers } from '../api/group-members';

const fullName = (u: GroupMember) => `${u.first_name} ${u.last_name}`.trim();

interface UserTableProps {
  label: string;
  users: readonly GroupMember[];
  loading: boolean;
  empty: string;
  /** The button of a row (remove the member, add the user). */
  action: (u: GroupMember) => ReactNode;
}

/** Users as the members' and the candidates' tables show them: name, username, e-mail and the row's button. */
function UserTable({ label, users, loading, empty, action }: UserTableProps) {
  return (
    <Table<GroupMember>
      aria-label={label}
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={[...users]}
      pagination={false}
      locale={{ emptyText: empty }}
      columns={[
        { title: 'Name', key: 'name', render: (_: unknown, u) => fullName(u) },
        { title: 'Username', dataIndex: 'username' },
        { title: 'E-mail', dataIndex: 'email' },
        { title: '', key: 'actions', width: 110, render: (_: unknown, u) => action(u) },
      ]}
    />
  );
}

/** The group's direct members: add a user the signed-in user sees (searched by name, username or e-mail), remove one. */
export function GroupMembers({ groupId, groupName }: { groupId: number; groupName: string }) {
  const members = useGroupMembers(groupId);
  const save = useSetGroupMembers(groupId);
  const [search, setSearch] = useState('');
  const candidates = useMemberCandidates(groupId, search.trim(), search.trim() !== '');
  const [failure, setFailure] = useState<string | null>(null);
  const current = members.data ?? [];

  const change = async (userIds: number[]) => {
    setFailure(null);
    try {
      await save.mutateAsync(userIds);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  if (members.isError) return <Alert type="error" showIcon role="alert" title="The members could not be loaded" description={members.error.message} />;
  return (
    <Flex vertical gap={12}>
      {failure !== null && <Alert type="error" showIcon role="alert" title="The members could not be changed" description={failure} />}
      <UserTable
        label={`Members of ${groupName}`}
        users={current}
        loading={members.isPending}
        empty="No members"
        action={(u) => (
          <Popconfirm title={`Remove ${u.username} from ${groupName}?`} okText="Remove" okButtonProps={{ danger: true }} onConfirm={() => void change(current.filter((m) => m.id !== u.id).map((m) => m.id))}>
            <Button size="small" danger aria-label={`Remove ${u.username}`}>
              Remove
            </Button>
          </Popconfirm>
        )}
      />
      <Typography.Text strong>Add members</Typography.Text>
      <Input.Search aria-label="Find users" placeholder="Name, username or e-mail" allowClear style={{ maxWidth: 360 }} value={search} onChange={(e) => setSearch(e.target.value)} />
      {search.trim() !== '' && (
        <UserTable
          label="Users to add"
          users={candidates.data ?? []}
          loading={candidates.isFetching}
          empty="No user found"
          action={(u) => (
            <Button size="small" aria-label={`Add ${u.username}`} loading={save.isPending} onClick={() => void change([...current.map((m) => m.id), u.id])}>
              Add
            </Button>
          )}
        />
      )}
    </Flex>
  );
}
