import { useState } from 'react';
import { Alert, Button, Flex, Input, Table, type TableColumnsType, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { Sort } from '@syrx/contracts/grid';
import type { GroupRole } from '@syrx/contracts/roles';
import { useGroupRolesPage } from '../api/group-roles';
import { containsFilter } from '../utils/grid-query';
import { sortable, tableChange } from './grid-sorting';

const byName: Sort[] = [{ field: 'name', dir: 'asc' }];
const pageSizes = [20, 50, 100, 200];

function columns(sort: readonly Sort[]): TableColumnsType<GroupRole> {
  return [
    { title: 'Name', dataIndex: 'name', ...sortable(sort, 'name'), render: (name: string, r) => <Link to={`/admin/group-roles/${r.id}`}>{name}</Link> },
    { title: 'Description', dataIndex: 'description', ...sortable(sort, 'description') },
    {
      title: 'Group permissions', key: 'group_permissions',
      render: (_: unknown, r) => (r.group_permissions.length === 0 ? <Typography.Text type="secondary">None</Typography.Text> : r.group_permissions.map((p) => p.id).join(', ')),
    },
    { title: 'Id', dataIndex: 'id', width: 90, ...sortable(sort, 'id') },
  ];
}

/** /admin/group-roles: the group roles, paged, sortable and filtered by name and description. */
export function GroupRolesScreen() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [sort, setSort] = useState<Sort[]>(byName);
  const [paging, setPaging] = useState({ current: 1, pageSize: 20 });
  const filters = [...containsFilter('name', name), ...containsFilter('description', description)];
  const page = useGroupRolesPage({ pageNum: paging.current, pageSize: paging.pageSize, sort, filters });
  const firstPage = () => setPaging((p) => ({ ...p, current: 1 }));

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          Group roles
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/admin/group-roles/new')}>
          New group role
        </Button>
      </Flex>
      <Flex gap={12} wrap role="search" aria-label="Group role filters">
        <Input.Search aria-label="Name" placeholder="Name contains" allowClear style={{ width: 240 }} onSearch={(v) => { setName(v); firstPage(); }} />
        <Input.Search aria-label="Description" placeholder="Description contains" allowClear style={{ width: 280 }} onSearch={(v) => { setDescription(v); firstPage(); }} />
      </Flex>
      {page.isError && <Alert type="error" showIcon role="alert" title="The group roles could not be loaded" description={page.error.message} />}
      <Table<GroupRole>
        aria-label="Group roles"
        rowKey="id"
        size="small"
        columns={columns(sort)}
        dataSource={page.data?.items ?? []}
        loading={page.isPending}
        onChange={(pagination, _f, sorter) => {
          const next = tableChange(pagination, sorter, byName, paging.pageSize);
          setSort(next.sort);
          setPaging(next.paging);
        }}
        pagination={{ ...paging, total: page.data?.total ?? 0, showSizeChanger: true, pageSizeOptions: pageSizes, showTotal: (total, [from, to]) => `${from}-${to} of ${total} group roles` }}
        locale={{ emptyText: 'No group roles' }}
      />
    </Flex>
  );
}
