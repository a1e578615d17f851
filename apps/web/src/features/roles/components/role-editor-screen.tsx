import { useState } from 'react';
import { Alert, App, Button, Divider, Flex, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { inCatalogueOrder } from '../utils/permission-categories';
import { useDeleteRole, useRole, useSaveRole } from '../api/roles';
import { DeleteDialog } from './delete-dialog';
import { LoadFailed, Loading, NotFoundState } from './load-states';
import { RoleForm, roleKind } from './role-form';
import { RoleUsers } from './role-users';

/** /admin/roles/{roleId}: the role's name and permissions, deleting it, and who holds it. */
export function RoleEditorScreen({ roleId }: { roleId: number }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const role = useRole(roleId);
  const save = useSaveRole(roleId);
  const remove = useDeleteRole(roleId);
  const [deleting, setDeleting] = useState(false);
  const toList = () => void navigate('/admin/roles');

  if (role.isPending) return <Loading what="the role" />;
  if (role.isError) return <LoadFailed what="role" error={role.error} />;
  if (role.data === null) return <NotFoundState title="Role not found" backTo="/admin/roles" backLabel="Back to Roles" />;
  const r = role.data;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          Role: {r.name}
        </Typography.Title>
        <Button danger icon={<DeleteOutlined />} disabled={r.built_in} onClick={() => setDeleting(true)}>
          Delete
        </Button>
      </Flex>
      {r.built_in && <Alert type="info" showIcon title="A built-in role" description="The server restores its name and permissions at every start, so they cannot be changed here. Who holds it can." />}
      <RoleForm
        kind={roleKind}
        key={`${r.id}:${r.name}:${r.permissions.join(',')}`}
        initialValues={{ name: r.name, permissions: inCatalogueOrder(r.permissions) }}
        submitLabel="Save"
        disabled={r.built_in}
        onSave={async (input) => {
          const saved = await save.mutateAsync(input);
          void message.success(`The role "${saved.name}" was saved`);
        }}
        onCancel={toList}
      />
      <Divider />
      <RoleUsers roleId={r.id} roleName={r.name} />
      {deleting && <DeleteDialog what={`the role "${r.name}"`} onDelete={() => remove.mutateAsync()} onClose={() => setDeleting(false)} onGone={toList} />}
    </Flex>
  );
}
