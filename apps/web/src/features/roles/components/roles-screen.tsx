import { Flex, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { Sort } from '@syrx/contracts/grid';
import { allPermissions } from '@syrx/contracts/permissions';
import type { Role } from '@syrx/contracts/roles';
import { sortableColumn } from '../../../components/paged-grid';
import { matchesPermission, permissionOptions } from '../../../components/permission-name';
import { rolesPageQuery } from '../api/roles';
import { roleKind } from './role-form';
import { RoleGridScreen } from './role-grid-screen';

function columns(sort: readonly Sort[]): TableColumnsType<Role> {
  return [
    {
      title: 'Name', dataIndex: 'name', ...sortableColumn(sort, 'name'),
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
    { title: 'Id', dataIndex: 'id', width: 90, ...sortableColumn(sort, 'id') },
  ];
}

/** /admin/roles: the roles, paged, sortable by name or id, filtered by name and by a permission they hold. */
export function RolesScreen() {
  return (
    <RoleGridScreen<Role>
      kind={roleKind}
      pageQuery={rolesPageQuery}
      columns={columns}
      filter={{
        field: 'permissions',
        control: (permission, onChange) => (
          <Select<string | null>
            aria-label="Permission"
            placeholder="Any permission"
            allowClear
            showSearch={{ filterOption: matchesPermission }}
            style={{ width: 280 }}
            value={permission === '' ? null : permission}
            onChange={(v) => onChange(v ?? '')}
            options={permissionOptions(allPermissions)}
          />
        ),
      }}
    />
  );
}
