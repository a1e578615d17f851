import { Flex, Input, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import type { Sort } from '@syrx/contracts/grid';
import type { GroupRole } from '@syrx/contracts/roles';
import { sortableColumn } from '../../../components/paged-grid';
import { PermissionName } from '../../../components/permission-name';
import { groupRolesPageQuery } from '../api/group-roles';
import { groupRoleKind } from './role-form';
import { RoleGridScreen } from './role-grid-screen';

function columns(sort: readonly Sort[]): TableColumnsType<GroupRole> {
  return [
    { title: 'Name', dataIndex: 'name', ...sortableColumn(sort, 'name'), render: (name: string, r) => <Link to={`/admin/group-roles/${r.id}`}>{name}</Link> },
    { title: 'Description', dataIndex: 'description', ...sortableColumn(sort, 'description') },
    {
      title: 'Group permissions', key: 'group_permissions',
      render: (_: unknown, r) =>
        r.group_permissions.length === 0 ? (
          <Typography.Text type="secondary">None</Typography.Text>
        ) : (
          <Flex vertical>
            {r.group_permissions.map((p) => <PermissionName key={p.id} permission={p.id} group />)}
          </Flex>
        ),
    },
    { title: 'Id', dataIndex: 'id', width: 90, ...sortableColumn(sort, 'id') },
  ];
}

/** /admin/group-roles: the group roles, paged, sortable and filtered by name and description. */
export function GroupRolesScreen() {
  return (
    <RoleGridScreen<GroupRole>
      kind={groupRoleKind}
      pageQuery={groupRolesPageQuery}
      columns={columns}
      filter={{
        field: 'description',
        control: (_description, onChange) => (
          <Input.Search aria-label="Description" placeholder="Description contains" allowClear style={{ width: 280 }} onSearch={onChange} />
        ),
      }}
    />
  );
}
