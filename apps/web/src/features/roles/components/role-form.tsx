import { useState } from 'react';
import { Button, Form, Input, Space } from 'antd';
import { type RoleInput, roleMessages } from '@syrx/contracts/roles';
import { showFieldErrors } from '../utils/server-field-errors';
import { PermissionChecklist } from './permission-checklist';
import { SaveFailed } from './load-states';

export interface RoleFormValues {
  name: string;
  permissions: string[];
}

interface RoleFormProps {
  initialValues: RoleFormValues;
  submitLabel: string;
  disabled?: boolean;
  /** Saves; a failure with field messages shows them under the fields, any other above the form. */
  onSave: (input: RoleInput) => Promise<unknown>;
  onCancel: () => void;
}

/** A role's name (required) and its permissions by category. */
export function RoleForm({ initialValues, submitLabel, disabled = false, onSave, onCancel }: RoleFormProps) {
  const [form] = Form.useForm<RoleFormValues>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<Error | null>(null);

  const onFinish = async (values: RoleFormValues) => {
    setSaving(true);
    setFailure(null);
    try {
      await onSave({ name: values.name.trim(), permissions: values.permissions });
    } catch (error) {
      if (!showFieldErrors(form, error, ['name', 'permissions'])) setFailure(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<RoleFormValues> form={form} name="role" layout="vertical" initialValues={initialValues} disabled={disabled || saving} onFinish={(v) => void onFinish(v)} style={{ maxWidth: 960 }}>
      <SaveFailed error={failure} />
      <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: roleMessages.required }]} style={{ maxWidth: 480 }}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="Permissions" name="permissions">
        <PermissionChecklist />
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
