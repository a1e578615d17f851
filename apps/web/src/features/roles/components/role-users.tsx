import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { type RoleUser, roleMessages } from '@syrx/contracts/roles';
import { showFormFailure } from '../../../lib/form-errors';
import { useRoleUserChanges, useRoleUsers } from '../api/roles';
import { QueryTable } from '../../../components/query-table';
import { RemoveHolderButton } from './remove-holder-button';

const fullName = (u: RoleUser) => `${u.first_name} ${u.last_name}`.trim();

/** Who holds the role: give it to a user by username (or e-mail), or take it from one. */
export function RoleUsers({ roleId, roleName }: { roleId: number; roleName: string }) {
  const users = useRoleUsers(roleId);
  const { add, remove } = useRoleUserChanges(roleId);
  const [form] = Form.useForm<{ username: string }>();
  const [failure, setFailure] = useState<string | null>(null);

  const onAdd = async ({ username }: { username: string }) => {
    setFailure(null);
    try {
      await add.mutateAsync(username.trim());
      form.resetFields();
    } catch (error) {
      setFailure(showFormFailure(form, error, ['username']));
    }
  };
  const onRemove = (u: RoleUser) => remove.mutateAsync(u.id).then(() => setFailure(null), (error: Error) => setFailure(error.message));

  return (
    <section aria-label="Users with this role">
      <Typography.Title level={4}>Users with this role</Typography.Title>
      {failure !== null && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={failure} />}
      <Form form={form} layout="inline" name="add-role-user" onFinish={(v) => void onAdd(v)} style={{ marginBottom: 12 }}>
        <Form.Item name="username" rules={[{ required: true, whitespace: true, message: roleMessages.required }]}>
          <Input aria-label="Username" placeholder="Username or e-mail" style={{ width: 280 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          Add user
        </Button>
      </Form>
      <QueryTable<RoleUser>
        label={`Users with the role ${roleName}`}
        loadFailed="The users could not be loaded"
        empty="No user holds this role"
        query={users}
        rowKey="id"
        columns={[
          { title: 'Username', dataIndex: 'username' },
          { title: 'Name', key: 'name', render: (_: unknown, u) => fullName(u) },
          {
            title: '', key: 'actions', width: 110,
            render: (_: unknown, u) => <RemoveHolderButton question={`Take the role from ${u.username}?`} label={`Remove ${u.username}`} onRemove={() => onRemove(u)} />,
          },
        ]}
      />
    </section>
  );
}
