import { Alert, Form, Input, Typography } from 'antd';
import type { GroupRef } from '@syrx/contracts/groups';
import { type UpdateUser, type UserDetail, userMessages } from '@syrx/contracts/users';
import { FormActions } from '../../../components/form-actions';
import { useFormSave } from '../../../lib/form-errors';
import { useRoleOptions } from '../api/users';
import { GroupsSelect } from './groups-select';
import { RoleSelect } from './role-select';

interface UserFormValues {
  first_name: string;
  last_name: string;
  group_ids: number[];
  role_ids: number[];
  /** Group role ids by group id. */
  group_roles: Record<string, number[]>;
}

const fields = ['first_name', 'last_name', 'group_ids', 'role_ids'] as const;
const required = { required: true, whitespace: true, message: userMessages.required };

/** The groups where the editor sets group roles: the user's groups and those where they hold group roles already. */
function groupRoleGroups(user: UserDetail): GroupRef[] {
  const held = user.group_roles.map((g) => ({ id: g.group_id, name: g.group_name }));
  return [...user.groups, ...held.filter((h) => !user.groups.some((g) => g.id === h.id))];
}

/** The request from the form: a group the user leaves takes its group roles with it (the server drops them). */
function toRequest(user: UserDetail, values: UserFormValues, groups: readonly GroupRef[]): UpdateUser {
  const left = new Set(user.groups.map((g) => g.id).filter((id) => !values.group_ids.includes(id)));
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    group_ids: values.group_ids,
    role_ids: values.role_ids,
    group_roles: groups.filter((g) => !left.has(g.id)).map((g) => ({ group_id: g.id, group_role_ids: values.group_roles[String(g.id)] ?? [] })),
  };
}

/** A user's names, groups, roles and group roles per group. */
export function UserForm({ user, onSave, onCancel }: { user: UserDetail; onSave: (input: UpdateUser) => Promise<unknown>; onCancel: () => void }) {
  const [form] = Form.useForm<UserFormValues>();
  const options = useRoleOptions();
  const { failure, saving, submit } = useFormSave(form, fields);
  const groups = groupRoleGroups(user);
  const initialValues: UserFormValues = {
    first_name: user.first_name, last_name: user.last_name, group_ids: user.groups.map((g) => g.id), role_ids: user.roles.map((r) => r.id),
    group_roles: Object.fromEntries(user.group_roles.map((g) => [String(g.group_id), g.group_roles.map((r) => r.id)])),
  };

  const onFinish = (values: UserFormValues) => submit(() => onSave(toRequest(user, values, groups)));

  return (
    <Form<UserFormValues> form={form} name="user" layout="vertical" initialValues={initialValues} disabled={saving} onFinish={(v) => void onFinish(v)} style={{ maxWidth: 720 }}>
      {failure.alert && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title="The changes could not be saved" description={failure.alert} />}
      <Form.Item label="First name" name="first_name" rules={[required]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item label="Last name" name="last_name" rules={[required]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item label="Groups" name="group_ids" rules={[{ required: true, type: 'array', min: 1, message: userMessages.groupsRequired }]}>
        <GroupsSelect known={user.groups} />
      </Form.Item>
      <Form.Item label="Roles" name="role_ids">
        <RoleSelect label="Roles" options={options.data?.roles} />
      </Form.Item>
      <Typography.Title level={5}>Group roles</Typography.Title>
      {groups.length === 0 && <Typography.Paragraph type="secondary">Save the user's groups first; then give them group roles there.</Typography.Paragraph>}
      {groups.map((g) => (
        <Form.Item key={g.id} label={`Group roles in ${g.name}`} name={['group_roles', String(g.id)]}>
          <RoleSelect label={`Group roles in ${g.name}`} options={options.data?.group_roles} />
        </Form.Item>
      ))}
      <FormActions submitLabel="Save" submitting={saving} onCancel={onCancel} />
    </Form>
  );
}
