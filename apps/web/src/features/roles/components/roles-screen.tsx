import { useState } from 'react';
import { Alert, Button, Flex, Input, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import type { Sort } from '@syrx/contracts/grid';
import { allPermissions } from '@syrx/contracts/permissions';
import type { Role } from '@syrx/contracts/roles';
import { useRolesPage } from '../api/roles';
import { containsFilter } from '../utils/grid-query';
import { sortable, tableChange } from './grid-sorting';

const byName: Sort[] = [{ field: 'name', dir: 'asc' }];
const pageSizes = [20, 50, 100, 200];

function columns(sort: readonly Sort[]): TableColumnsType<Role> {
  return [
    {
      title: 'Name', dataIndex: 'name', ...sortable(sort, 'name'),
      render: (name: string, r) => (
        <Flex gap={8} align="center">
          <Link to={`/admin/roles/${r.id}`}>{name}</Link>
          {r.built_in && <Tag>built-in</Tag>}
        </Flex>
      ),
    },
    {
      title: 'Permissions', key: 'permissions',
      render: (_: unknown, r) => (r.permissions.length === 0 ? <Typography.Text type="secondary">None</Typography.Text> : `${r.permissions.length} of ${allPermissions.length}`),
    },
    { title: 'Id', dataIndex: 'id', width: 90, ...sortable(sort, 'id') },
  ];
}

/** /admin/roles: the roles, paged, sortable by name or id, filtered by name and by a permission they hold. */
export function RolesScreen() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [permission, setPermission] = useState<string | null>(null);
  const [sort, setSort] = useState<Sort[]>(byName);
  const [paging, setPaging] = useState({ current: 1, pageSize: 20 });
  const filters = [...containsFilter('name', name), ...containsFilter('permissions', permission ?? '')];
  const page = useRolesPage({ pageNum: paging.current, pageSize: paging.pageSize, sort, filters });
  const firstPage = () => setPaging((p) => ({ ...p, current: 1 }));

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          Roles
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/admin/roles/new')}>
          New role
        </Button>
      </Flex>
      <Flex gap={12} wrap role="search" aria-label="Role filters">
        <Input.Search aria-label="Name" placeholder="Name contains" allowClear style={{ width: 240 }} onSearch={(v) => { setName(v); firstPage(); }} />
        <Select<string | null>
          aria-label="Permission"
          placeholder="Any permission"
          allowClear
          showSearch
          style={{ width: 280 }}
          value={permission}
          onChange={(v) => { setPermission(v ?? null); firstPage(); }}
          options={allPermissions.map((p) => ({ value: p, label: p }))}
        />
      </Flex>
      {page.isError && <Alert type="error" showIcon role="alert" title="The roles could not be loaded" description={page.error.message} />}
      <Table<Role>
        aria-label="Roles"
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
        pagination={{ ...paging, total: page.data?.total ?? 0, showSizeChanger: true, pageSizeOptions: pageSizes, showTotal: (total, [from, to]) => `${from}-${to} of ${total} roles` }}
        locale={{ emptyText: 'No roles' }}
      />
    </Flex>
  );
}
