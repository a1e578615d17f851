import { App, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useSaveGroupRole } from '../api/group-roles';
import { useSaveRole } from '../api/roles';
import { groupRoleKind, RoleForm, type RoleFormValues, type RoleKind, roleKind } from './role-form';

interface NewRoleOfKindProps<P extends string, V extends RoleFormValues<P>> {
  kind: RoleKind<P>;
  initialValues: V;
  create: (input: V) => Promise<{ id: number; name: string }>;
}

/** A new role or group role: its form; once created, its editor opens. */
function NewRoleOfKind<P extends string, V extends RoleFormValues<P>>({ kind, initialValues, create }: NewRoleOfKindProps<P, V>) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        New {kind.one}
      </Typography.Title>
      <RoleForm
        kind={kind}
        initialValues={initialValues}
        submitLabel="Save"
        onSave={async (input) => {
          const created = await create(input);
          void message.success(`The ${kind.one} "${created.name}" was created`);
          await navigate(`${kind.path}/${created.id}`, { replace: true });
        }}
        onCancel={() => void navigate(kind.path)}
      />
    </Flex>
  );
}

/** /admin/roles/new: a role's name and permissions. */
export function NewRoleScreen() {
  const save = useSaveRole(null);
  return <NewRoleOfKind kind={roleKind} initialValues={{ name: '', permissions: [] }} create={save.mutateAsync} />;
}

/** /admin/group-roles/new: name, description and group permissions. */
export function NewGroupRoleScreen() {
  const save = useSaveGroupRole(null);
  return <NewRoleOfKind kind={groupRoleKind} initialValues={{ name: '', description: '', group_permissions: [] }} create={save.mutateAsync} />;
}
