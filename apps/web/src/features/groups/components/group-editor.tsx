import { Alert, App, Checkbox, Form, Input } from 'antd';
import { type GroupDetail, groupMessages } from '@syrx/contracts/groups';
import { FormActions } from '../../../components/form-actions';
import { GroupPicker } from '../../../components/group-picker';
import { useFormSave } from '../../../lib/form-errors';
import { useUpdateGroup } from '../api/groups-admin';

interface EditorValues {
  name: string;
  parent_id?: number;
  require_two_factor: boolean;
}

const fields = ['name', 'parent_id', 'require_two_factor'] as const;
export const twoFactorLabel = 'Require two-factor sign-in';
export const twoFactorHelp = 'Members of this group and of the groups below it sign in with a code from an authenticator app as well as their password.';

/** The group's name, its parent group (moving it) and the two-factor requirement. */
export function GroupEditor({ group }: { group: GroupDetail }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<EditorValues>();
  const save = useUpdateGroup(group.id);
  const { failure, saving, submit } = useFormSave(form, fields);
  const initial = { name: group.name, require_two_factor: group.require_two_factor, ...(group.parent_id === null ? {} : { parent_id: group.parent_id }) };
  const shownParent = group.path.at(-1);
  const parent = shownParent?.id === group.parent_id ? shownParent : null;
  const fixedParent = group.parent_id === null || parent === null;

  const onFinish = (values: EditorValues) =>
    submit(async () => {
      const saved = await save.mutateAsync({ name: values.name.trim(), parent_id: values.parent_id ?? null, require_two_factor: values.require_two_factor });
      void message.success(`The group "${saved.name}" was saved`);
    });

  return (
    <Form<EditorValues> form={form} name="group" layout="vertical" initialValues={initial} disabled={saving} onFinish={(v) => void onFinish(v)} style={{ maxWidth: 560 }}>
      {failure.alert !== null && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title="The changes could not be saved" description={failure.alert} />}
      <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: groupMessages.required }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        label="Parent group"
        name="parent_id"
        extra={group.parent_id === null ? 'The top-level group stays at the top.' : parent === null ? groupMessages.parentHidden : 'Choose another group to move this group (with its subgroups) there.'}
      >
        <GroupPicker label="Parent group" initial={parent} exclude={group.id} disabled={fixedParent} />
      </Form.Item>
      <Form.Item name="require_two_factor" valuePropName="checked" extra={twoFactorHelp}>
        <Checkbox>{twoFactorLabel}</Checkbox>
      </Form.Item>
      <FormActions submitLabel="Save" submitting={saving} onCancel={() => { form.resetFields(); failure.clear(); }} />
    </Form>
  );
}
