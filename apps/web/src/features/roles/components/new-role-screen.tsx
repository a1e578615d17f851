import { App, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useSaveRole } from '../api/roles';
import { RoleForm } from './role-form';

/** /admin/roles/new: a role's name and permissions; once created, its editor opens. */
export function NewRoleScreen() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const save = useSaveRole(null);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        New role
      </Typography.Title>
      <RoleForm
        initialValues={{ name: '', permissions: [] }}
        submitLabel="Create role"
        onSave={async (input) => {
          const role = await save.mutateAsync(input);
          void message.success(`The role "${role.name}" was created`);
          await navigate(`/admin/roles/${role.id}`, { replace: true });
        }}
        onCancel={() => void navigate('/admin/roles')}
      />
    </Flex>
  );
}
