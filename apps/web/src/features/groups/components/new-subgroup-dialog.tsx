import { useState } from 'react';
import { Alert, App, Checkbox, Form, Input, Modal } from 'antd';
import { type GroupRef, groupMessages } from '@syrx/contracts/groups';
import { useNavigate } from 'react-router';
import { useFormFailure } from '../../../lib/form-errors';
import { useCreateGroup } from '../api/groups-admin';
import { groupPaths } from '../utils/group-paths';
import { twoFactorLabel } from './group-editor';

interface SubgroupValues {
  name: string;
  require_two_factor: boolean;
}

/** 'New subgroup of …': its name and the two-factor requirement; created, its page opens. */
export function NewSubgroupDialog({ parent, onClose }: { parent: GroupRef; onClose: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<SubgroupValues>();
  const create = useCreateGroup();
  const failure = useFormFailure(form, ['name', 'require_two_factor']);
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: SubgroupValues) => {
    setSaving(true);
    failure.clear();
    try {
      const created = await create.mutateAsync({ name: values.name.trim(), parent_id: parent.id, require_two_factor: values.require_two_factor });
      void message.success(`The group "${created.name}" was created`);
      onClose();
      void navigate(groupPaths.group(created.id));
    } catch (error) {
      failure.show(error);
      setSaving(false);
    }
  };

  return (
    <Modal open title={`New subgroup of ${parent.name}`} okText="Save" okButtonProps={{ loading: saving }} onOk={() => form.submit()} onCancel={onClose} cancelButtonProps={{ disabled: saving }}>
      <Form<SubgroupValues> form={form} name="new-subgroup" layout="vertical" initialValues={{ name: '', require_two_factor: false }} onFinish={(v) => void onFinish(v)}>
        {failure.alert !== null && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title="The group could not be created" description={failure.alert} />}
        <Form.Item label="Name" name="name" rules={[{ required: true, whitespace: true, message: groupMessages.required }]}>
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item name="require_two_factor" valuePropName="checked">
          <Checkbox>{twoFactorLabel}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
