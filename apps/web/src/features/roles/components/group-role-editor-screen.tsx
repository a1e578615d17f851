import { useState } from 'react';
import { App, Button, Divider, Flex, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useDeleteGroupRole, useGroupRole, useGroupRolePermissions, useSaveGroupRole } from '../api/group-roles';
import { DeleteDialog } from './delete-dialog';
import { GroupRoleHolders } from './group-role-holders';
import { LoadFailed, Loading, NotFoundState } from './load-states';
import { groupRoleKind, RoleForm } from './role-form';

/** /admin/group-roles/{groupRoleId}: name, description and group permissions, deleting it, and who holds it where. */
export function GroupRoleEditorScreen({ groupRoleId }: { groupRoleId: number }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const role = useGroupRole(groupRoleId);
  const permissions = useGroupRolePermissions(groupRoleId);
  const save = useSaveGroupRole(groupRoleId);
  const remove = useDeleteGroupRole(groupRoleId);
  const [deleting, setDeleting] = useState(false);
  const toList = () => void navigate('/admin/group-roles');
  const notFound = <NotFoundState title="Group role not found" backTo="/admin/group-roles" backLabel="Back to Group roles" />;

  if (role.isPending || permissions.isPending) return <Loading what="the group role" />;
  if (role.isError) return <LoadFailed what="group role" error={role.error} />;
  if (permissions.isError) return <LoadFailed what="group permissions" error={permissions.error} />;
  if (role.data === null || permissions.data === null) return notFound;
  const r = role.data;
  const ids = permissions.data.map((p) => p.id);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          Group role: {r.name}
        </Typography.Title>
        <Button danger icon={<DeleteOutlined />} onClick={() => setDeleting(true)}>
          Delete
        </Button>
      </Flex>
      <RoleForm
        kind={groupRoleKind}
        key={`${r.id}:${r.name}:${r.description}:${ids.join(',')}`}
        initialValues={{ name: r.name, description: r.description, group_permissions: ids }}
        submitLabel="Save"
        onSave={async (input) => {
          const saved = await save.mutateAsync(input);
          void message.success(`The group role "${saved.name}" was saved`);
        }}
        onCancel={toList}
      />
      <Divider />
      <GroupRoleHolders groupRoleId={r.id} groupRoleName={r.name} />
      {deleting && <DeleteDialog what={`the group role "${r.name}"`} onDelete={() => remove.mutateAsync()} onClose={() => setDeleting(false)} onGone={toList} />}
    </Flex>
  );
}
