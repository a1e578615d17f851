import { Flex, Form, Input } from 'antd';
import type { FieldError } from '@syrx/contracts/errors';
import { useEffect } from 'react';
import { FormActions } from '../../../components/form-actions';
import { YesNoField } from '../../../components/form-fields';
import { type AddDeviceFormValues, addDeviceDefaults } from '../utils/add-device-form';

interface AddDeviceFormProps {
  submitting: boolean;
  /** The server's messages for fields it refused (HTTP 400), shown under those fields. */
  fieldErrors: readonly FieldError[];
  onSubmit: (values: AddDeviceFormValues) => void;
  onCancel: () => void;
}

const fieldNames = new Set<string>(Object.keys(addDeviceDefaults));

/** MAC address, network, instance number and, when provided, the destination addressing. */
export function AddDeviceForm({ submitting, fieldErrors, onSubmit, onCancel }: AddDeviceFormProps) {
  const [form] = Form.useForm<AddDeviceFormValues>();
  const provide = Form.useWatch('provideDestination', form) ?? addDeviceDefaults.provideDestination;
  useEffect(() => {
    form.setFields(fieldErrors.filter((f) => fieldNames.has(f.field)).map((f) => ({ name: f.field as keyof AddDeviceFormValues, errors: [f.message] })));
  }, [form, fieldErrors]);

  return (
    <Form<AddDeviceFormValues>
      form={form}
      name="add-bacnet-device"
      layout="vertical"
      initialValues={addDeviceDefaults}
      disabled={submitting}
      onFinish={() => onSubmit(form.getFieldsValue(true) as AddDeviceFormValues)}
      style={{ maxWidth: 560 }}
    >
      <Form.Item label="MAC address" name="mac_address">
        <Input placeholder="192.168.1.20:47808" autoComplete="off" />
      </Form.Item>
      <Flex gap={8}>
        <Form.Item label="Network" name="network" style={{ flex: 1 }}>
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item label="Instance number" name="instance_number" style={{ flex: 1 }}>
          <Input inputMode="numeric" />
        </Form.Item>
      </Flex>
      <YesNoField label="Provide destination addressing" name="provideDestination" />
      {provide === 'yes' && (
        <Flex gap={8}>
          <Form.Item label="Destination MAC address" name="destination_mac_address" style={{ flex: 2 }}>
            <Input placeholder="0b or 192.168.5.20:47808" autoComplete="off" />
          </Form.Item>
          <Form.Item label="Destination network" name="destination_network" style={{ flex: 1 }}>
            <Input inputMode="numeric" />
          </Form.Item>
        </Flex>
      )}
      <FormActions submitLabel="Add device" submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
