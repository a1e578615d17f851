import { App, Flex, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { formatOptionalDateTime } from '../../../lib/date-format';
import { useSaveUser, useUser } from '../api/users';
import { displayName } from '../utils/user-names';
import { UserActions } from './user-actions';
import { UserForm } from './user-form';
import { UserStatusTag } from './user-status-tag';

/** /admin/users/{userId}: the user's status and its actions, and their names, groups, roles and group roles. */
export function UserEditorScreen({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const user = useUser(userId);
  const save = useSaveUser(userId);

  if (user.isPending) return <Typography.Text>Loading the user…</Typography.Text>;
  if (user.isError) return <Typography.Text type="danger">The user could not be loaded: {user.error.message}</Typography.Text>;
  if (user.data === null) return <UserNotFound />;
  const u = user.data;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="center" gap={12}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            User: {displayName(u)}
          </Typography.Title>
          <UserStatusTag status={u.status} />
        </Flex>
        <UserActions user={u} />
      </Flex>
      <Typography.Text type="secondary">
        {u.email ?? u.username} · Last sign-in: {formatOptionalDateTime(u.last_sign_in_at) || 'never'}
      </Typography.Text>
      <UserForm
        key={JSON.stringify([u.first_name, u.last_name, u.groups, u.roles, u.group_roles])}
        user={u}
        onSave={async (input) => {
          const saved = await save.mutateAsync(input);
          void message.success(`${displayName(saved)} was saved`);
        }}
        onCancel={() => void navigate('/admin/users')}
      />
    </Flex>
  );
}

export function UserNotFound() {
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={3}>User not found</Typography.Title>
      <Typography.Text>It may be in a group you do not see.</Typography.Text>
      <Link to="/admin/users">Back to Users</Link>
    </Flex>
  );
}
