import { Flex, Form, Input } from 'antd';
import { ipv4Schema } from '@syrx/contracts/controllers';
import { FormActions } from '../../../components/form-actions';
import { YesNoField } from '../../../components/form-fields';
import { type ControllerFormValues, optionalApduRetriesSchema, optionalApduTimeoutSchema, optionalPortSchema } from '../utils/editor-form';
import { zodRule } from '../utils/zod-rule';
import { BbmdServersField } from './bbmd-servers-field';

interface EditorFormProps {
  initialValues: ControllerFormValues;
  submitting: boolean;
  disabled: boolean;
  submitLabel: string;
  onSubmit: (values: ControllerFormValues) => void;
  onCancel: () => void;
}

/** Name, description and, when provided, the BACnet connection with its BBMD servers. */
export function EditorForm({ initialValues, submitting, disabled, submitLabel, onSubmit, onCancel }: EditorFormProps) {
  const [form] = Form.useForm<ControllerFormValues>();
  const provide = Form.useWatch('provideBacnetConfiguration', form) ?? initialValues.provideBacnetConfiguration;
  return (
    <Form<ControllerFormValues>
      form={form}
      name="syrx-controller"
      layout="vertical"
      initialValues={initialValues}
      disabled={disabled || submitting}
      // The whole store: fields hidden by "No" keep their values, and the plan leaves them out.
      onFinish={() => onSubmit(form.getFieldsValue(true) as ControllerFormValues)}
      style={{ maxWidth: 720 }}
    >
      <Form.Item label="Name" name={['syrxController', 'name']}>
        <Input />
      </Form.Item>
      <Form.Item label="Description" name={['syrxController', 'description']}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
      <YesNoField label="Provide BACnet configuration" name="provideBacnetConfiguration" />
      {provide === 'yes' && (
        <fieldset style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 16, marginBottom: 24 }}>
          <legend style={{ width: 'auto', padding: '0 8px', marginBottom: 0, fontSize: 14 }}>BACnet connection configuration</legend>
          <Flex gap={8}>
            <Form.Item label="IP address" name={['bacnetConnectionConfiguration', 'ip_address']} rules={[zodRule(ipv4Schema)]} style={{ flex: 2 }}>
              <Input placeholder="192.168.1.20" />
            </Form.Item>
            <Form.Item label="Port" name={['bacnetConnectionConfiguration', 'port_num']} rules={[zodRule(optionalPortSchema)]} style={{ flex: 1 }}>
              <Input inputMode="numeric" />
            </Form.Item>
          </Flex>
          <Flex gap={8}>
            <Form.Item
              label="APDU timeout (ms)" name={['bacnetConnectionConfiguration', 'apdu_timeout_ms']} rules={[zodRule(optionalApduTimeoutSchema)]} style={{ flex: 1 }}
              extra="How long one transmission of a request waits for the device's answer"
            >
              <Input inputMode="numeric" />
            </Form.Item>
            <Form.Item
              label="APDU retries" name={['bacnetConnectionConfiguration', 'apdu_retries']} rules={[zodRule(optionalApduRetriesSchema)]} style={{ flex: 1 }}
              extra="How often an unanswered request is sent again, with the same invoke ID"
            >
              <Input inputMode="numeric" />
            </Form.Item>
          </Flex>
          <BbmdServersField />
        </fieldset>
      )}
      <FormActions submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
