import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { type GroupRoleInput, roleMessages } from '@syrx/contracts/roles';
import { showFieldErrors } from '../utils/server-field-errors';
import { GroupPermissionChecklist } from './group-permission-checklist';
import { SaveFailed } from './load-states';

export interface GroupRoleFormValues {
  name: string;
  description: string;
  group_permissions: string[];
}

interface GroupRoleFormProps {
  initialValues: GroupRoleFormValues;
  submitLabel: string;
  onSave: (input: GroupRoleInput) => Promise<unknown>;
  onCancel: () => void;
}

const required = { required: true, whitespace: true, message: roleMessages.required };

/** A group role's name and description (both required) and its group permissions. */
export function GroupRoleForm({ initialValues, submitLabel, onSave, onCancel }: GroupRoleFormProps) {
  const [form] = Form.useForm<GroupRoleFormValues>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<Error | null>(null);

  const onFinish = async (values: GroupRoleFormValues) => {
    setSaving(true);
    setFailure(null);
    try {
      await onSave({ name: values.name.trim(), description: values.description.trim(), group_permissions: values.group_permissions });
    } catch (error) {
      if (!showFieldErrors(form, error, ['name', 'description', 'group_permissions'])) setFailure(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<GroupRoleFormValues> form={form} name="group-role" layout="vertical" initialValues={initialValues} disabled={saving} onFinish={(v) => void onFinish(v)} style={{ maxWidth: 720 }}>
      <SaveFailed error={failure} />
      <Form.Item label="Name" name="name" rules={[required]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="Description" name="description" rules={[required]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
      </Form.Item>
      <Form.Item label="Group permissions" name="group_permissions">
        <GroupPermissionChecklist />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </Space>
    </Form>
  );
}
