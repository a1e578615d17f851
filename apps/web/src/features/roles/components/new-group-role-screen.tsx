import { App, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useSaveGroupRole } from '../api/group-roles';
import { GroupRoleForm } from './group-role-form';

/** /admin/group-roles/new: name, description and group permissions; once created, its editor opens. */
export function NewGroupRoleScreen() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const save = useSaveGroupRole(null);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        New group role
      </Typography.Title>
      <GroupRoleForm
        initialValues={{ name: '', description: '', group_permissions: [] }}
        submitLabel="Create group role"
        onSave={async (input) => {
          const created = await save.mutateAsync(input);
          void message.success(`The group role "${created.name}" was created`);
          await navigate(`/admin/group-roles/${created.id}`, { replace: true });
        }}
        onCancel={() => void navigate('/admin/group-roles')}
      />
    </Flex>
  );
}
