import type { ComponentType } from 'react';
import { Form, Input } from 'antd';
import { roleMessages } from '@syrx/contracts/roles';
import { FormActions } from '../../../components/form-actions';
import { useFormSave } from '../../../lib/form-errors';
import { GroupPermissionChecklist } from './group-permission-checklist';
import { PermissionChecklist } from './permission-checklist';
import { SaveFailed } from './load-states';

/** Where roles and group roles differ: the field of their permissions, and a group role's description. */
export interface RoleKind<P extends string> {
  /** What one is ("role", "group role"); the screens' texts say it. */
  one: string;
  /** Its grid's page; `${path}/new` and `${path}/{id}` are its new and editor pages. */
  path: string;
  /** The antd form's name (the fields' ids start with it). */
  form: string;
  permissions: { field: P; label: string; checklist: ComponentType<{ value?: string[]; onChange?: (ids: string[]) => void; disabled?: boolean }> };
  description: boolean;
  width: number;
  nameWidth?: number;
}

export const roleKind: RoleKind<'permissions'> = {
  one: 'role', path: '/admin/roles', form: 'role', permissions: { field: 'permissions', label: 'Permissions', checklist: PermissionChecklist }, description: false, width: 960, nameWidth: 480,
};
export const groupRoleKind: RoleKind<'group_permissions'> = {
  one: 'group role', path: '/admin/group-roles', form: 'group-role', permissions: { field: 'group_permissions', label: 'Group permissions', checklist: GroupPermissionChecklist }, description: true, width: 720,
};

/** A role's values: its name, its permissions in the kind's field and, for a group role, its description. */
export type RoleFormValues<P extends string> = { name: string; description?: string } & Record<P, string[]>;

interface RoleFormProps<P extends string, V extends RoleFormValues<P>> {
  kind: RoleKind<P>;
  initialValues: V;
  submitLabel: string;
  disabled?: boolean;
  /** Saves the trimmed values; a failure with field messages shows them under the fields, any other above the form. */
  onSave: (input: V) => Promise<unknown>;
  onCancel: () => void;
}

const required = { required: true, whitespace: true, message: roleMessages.required };

/** A role's or group role's name (required), a group role's description (required), and the permissions. */
export function RoleForm<P extends string, V extends RoleFormValues<P>>({ kind, initialValues, submitLabel, disabled = false, onSave, onCancel }: RoleFormProps<P, V>) {
  const [form] = Form.useForm<V>();
  const fields = ['name', ...(kind.description ? ['description'] : []), kind.permissions.field];
  const { failure, saving, submit } = useFormSave(form, fields);
  const Checklist = kind.permissions.checklist;
  const permissionsField: string = kind.permissions.field;

  const onFinish = (values: V) =>
    submit(() => onSave({ ...values, name: values.name.trim(), ...(values.description === undefined ? {} : { description: values.description.trim() }) }));

  return (
    <Form<V> form={form} name={kind.form} layout="vertical" initialValues={initialValues} disabled={disabled || saving} onFinish={(v) => void onFinish(v)} style={{ maxWidth: kind.width }}>
      <SaveFailed message={failure.alert} />
      <Form.Item label="Name" name="name" rules={[required]} style={kind.nameWidth ? { maxWidth: kind.nameWidth } : undefined}>
        <Input maxLength={100} />
      </Form.Item>
      {kind.description && (
        <Form.Item label="Description" name="description" rules={[required]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
        </Form.Item>
      )}
      <Form.Item label={kind.permissions.label} name={permissionsField}>
        <Checklist />
      </Form.Item>
      <FormActions submitLabel={submitLabel} submitting={saving} onCancel={onCancel} />
    </Form>
  );
}
