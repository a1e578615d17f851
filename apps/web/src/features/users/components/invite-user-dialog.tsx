import { useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { userMessages } from '@syrx/contracts/users';
import { useFormFailure } from '../../../lib/form-errors';
import { useInviteUser, useRoleOptions } from '../api/users';
import { GroupsSelect } from './groups-select';
import { RoleSelect } from './role-select';

interface InviteValues {
  email: string;
  first_name: string;
  last_name: string;
  group_ids: number[];
  role_ids: number[];
}

const fields = ['email', 'first_name', 'last_name', 'group_ids', 'role_ids'] as const;
const required = { required: true, whitespace: true, message: userMessages.required };

/** Invites a colleague: their address, name, groups and roles; the server mails them a link to choose a password. */
export function InviteUserDialog({ onClose }: { onClose: () => void }) {
  const [form] = Form.useForm<InviteValues>();
  const { message } = App.useApp();
  const invite = useInviteUser();
  const options = useRoleOptions();
  const failure = useFormFailure(form, fields);
  const [sending, setSending] = useState(false);

  const onFinish = async (values: InviteValues) => {
    setSending(true);
    failure.clear();
    try {
      const user = await invite.mutateAsync({ ...values, email: values.email.trim(), role_ids: values.role_ids });
      void message.success(`Invitation sent to ${user.email ?? user.username}`);
      onClose();
    } catch (error) {
      failure.show(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal open title="Invite user" okText="Send invitation" onOk={() => form.submit()} okButtonProps={{ loading: sending }} onCancel={onClose} destroyOnHidden>
      {failure.alert && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title="The invitation was not sent" description={failure.alert} />}
      <Form<InviteValues> form={form} name="invite-user" layout="vertical" initialValues={{ group_ids: [], role_ids: [] }} disabled={sending} onFinish={(v) => void onFinish(v)}>
        <Form.Item label="E-mail" name="email" rules={[required]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="First name" name="first_name" rules={[required]}>
          <Input />
        </Form.Item>
        <Form.Item label="Last name" name="last_name" rules={[required]}>
          <Input />
        </Form.Item>
        <Form.Item label="Groups" name="group_ids" rules={[{ required: true, type: 'array', min: 1, message: userMessages.groupsRequired }]}>
          <GroupsSelect known={[]} />
        </Form.Item>
        <Form.Item label="Roles" name="role_ids">
          <RoleSelect label="Roles" options={options.data?.roles} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
