import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { type GroupRoleHolder, roleMessages } from '@syrx/contracts/roles';
import { showFormFailure } from '../../../lib/form-errors';
import { useCurrentUser } from '../../../lib/session';
import { useGroupRoleHolderChanges, useGroupRoleHolders } from '../api/group-roles';
import { GroupPicker } from '../../../components/group-picker';
import { QueryTable } from '../../../components/query-table';
import { RemoveHolderButton } from './remove-holder-button';

interface HolderForm {
  username: string;
  group_id: number;
}

/** Who holds the group role in which group: give it to a user (by username or e-mail) in a group, or take it. */
export function GroupRoleHolders({ groupRoleId, groupRoleName }: { groupRoleId: number; groupRoleName: string }) {
  const current = useCurrentUser().commissioning_group;
  const holders = useGroupRoleHolders(groupRoleId);
  const { add, remove } = useGroupRoleHolderChanges(groupRoleId);
  const [form] = Form.useForm<HolderForm>();
  const [failure, setFailure] = useState<string | null>(null);

  const onAdd = async (values: HolderForm) => {
    setFailure(null);
    try {
      await add.mutateAsync({ username: values.username.trim(), group_id: values.group_id });
      form.setFieldValue('username', '');
    } catch (error) {
      setFailure(showFormFailure(form, error, ['username', 'group_id']));
    }
  };
  const onRemove = (h: GroupRoleHolder) =>
    remove.mutateAsync({ userId: h.user_id, groupId: h.group_id }).then(() => setFailure(null), (error: Error) => setFailure(error.message));

  return (
    <section aria-label="Users with this group role">
      <Typography.Title level={4}>Users with this group role</Typography.Title>
      <Typography.Paragraph type="secondary">A group role applies in its group and every group below it, for a user who is a member there.</Typography.Paragraph>
      {failure !== null && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={failure} />}
      <Form<HolderForm> form={form} layout="inline" name="add-group-role-holder" initialValues={{ username: '', ...(current ? { group_id: current.id } : {}) }} onFinish={(v) => void onAdd(v)} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="username" rules={[{ required: true, whitespace: true, message: roleMessages.required }]}>
          <Input aria-label="Username" placeholder="Username or e-mail" style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="group_id" rules={[{ required: true, message: roleMessages.required }]}>
          <GroupPicker initial={current} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          Add user
        </Button>
      </Form>
      <QueryTable<GroupRoleHolder>
        label={`Users with the group role ${groupRoleName}`}
        loadFailed="The holders could not be loaded"
        empty="No user holds this group role"
        query={holders}
        rowKey={(h) => `${h.user_id}:${h.group_id}`}
        columns={[
          { title: 'Username', dataIndex: 'username' },
          { title: 'Group', dataIndex: 'group_name' },
          {
            title: '', key: 'actions', width: 110,
            render: (_: unknown, h) => (
              <RemoveHolderButton
                question={`Take the group role from ${h.username} in ${h.group_name}?`}
                label={`Remove ${h.username} in ${h.group_name}`}
                onRemove={() => onRemove(h)}
              />
            ),
          },
        ]}
      />
    </section>
  );
}
