import { useState } from 'react';
import { Button, Flex, Input, Select, type TableColumnsType, Typography } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Sort } from '@syrx/contracts/grid';
import { type UserStatus, type UserSummary, userStatusLabels, userStatuses } from '@syrx/contracts/users';
import { PagedGrid, sortableColumn, timestampColumnWidth, usePagedGrid } from '../../../components/paged-grid';
import { formatOptionalDateTime } from '../../../lib/date-format';
import { type GridFilter, containsFilter } from '../../../lib/grid-query';
import { usersPageQuery } from '../api/users';
import { displayName, namesOf } from '../utils/user-names';
import { InviteUserDialog } from './invite-user-dialog';
import { UserStatusTag } from './user-status-tag';

const byName: Sort[] = [{ field: 'name', dir: 'asc' }];
const pageSizes = [20, 50, 100, 200];

function columns(sort: readonly Sort[]): TableColumnsType<UserSummary> {
  return [
    { title: 'Name', ...sortableColumn(sort, 'name'), render: (_: unknown, u) => <Link to={`/admin/users/${u.id}`}>{displayName(u)}</Link> },
    { title: 'E-mail', dataIndex: 'email', ...sortableColumn(sort, 'email'), render: (email: string | null, u) => email ?? u.username },
    { title: 'Groups', key: 'groups', render: (_: unknown, u) => namesOf(u.groups) },
    { title: 'Roles', key: 'roles', render: (_: unknown, u) => namesOf(u.roles) },
    { title: 'Status', dataIndex: 'status', width: 120, ...sortableColumn(sort, 'status'), render: (status: UserStatus) => <UserStatusTag status={status} /> },
    {
      title: 'Last sign-in', dataIndex: 'last_sign_in_at', width: timestampColumnWidth, ...sortableColumn(sort, 'last_sign_in_at', true),
      render: (at: string | null) => formatOptionalDateTime(at) || <Typography.Text type="secondary">Never</Typography.Text>,
    },
  ];
}

/** /admin/users: the users of the groups the administrator sees, paged, sortable and filtered; Invite user. */
export function UsersScreen() {
  const grid = usePagedGrid(byName);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<UserStatus | null>(null);
  const [inviting, setInviting] = useState(false);
  const statusFilter: GridFilter[] = status === null ? [] : [{ field: 'status', field_type: 'string', operator: 'eq', value: status }];
  const filters = [...containsFilter('name', name), ...containsFilter('email', email), ...statusFilter];
  const page = useQuery(usersPageQuery({ pageNum: grid.paging.current, pageSize: grid.paging.pageSize, sort: grid.sort, filters }));
  const filtered = (set: (v: string) => void) => (v: string) => {
    set(v);
    grid.firstPage();
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          Users
        </Typography.Title>
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
          Invite user
        </Button>
      </Flex>
      <Flex gap={12} wrap role="search" aria-label="User filters">
        <Input.Search aria-label="Name" placeholder="Name contains" allowClear style={{ width: 220 }} onSearch={filtered(setName)} />
        <Input.Search aria-label="E-mail" placeholder="E-mail contains" allowClear style={{ width: 240 }} onSearch={filtered(setEmail)} />
        <Select<UserStatus | null>
          aria-label="Status"
          placeholder="Any status"
          allowClear
          style={{ width: 160 }}
          value={status}
          onChange={(v) => {
            setStatus(v ?? null);
            grid.firstPage();
          }}
          options={userStatuses.map((s) => ({ value: s, label: userStatusLabels[s] }))}
        />
      </Flex>
      <PagedGrid<UserSummary> label="Users" what="users" grid={grid} columns={columns(grid.sort)} rowKey="id" source={page} pageSizes={pageSizes} />
      {inviting && <InviteUserDialog onClose={() => setInviting(false)} />}
    </Flex>
  );
}
