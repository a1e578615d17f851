import { Flex, Form, type FormInstance, Input } from 'antd';
import { type TransmitterFormValues, transmitterRules } from '../utils/transmitter-form';
import { FormButtons } from './form-frame';
import { PointField, type RenderPointPicker } from './point-field';

interface TransmitterFormProps {
  form: FormInstance<TransmitterFormValues>;
  initialValues: TransmitterFormValues;
  isNew: boolean;
  disabled: boolean;
  submitting: boolean;
  renderPointPicker: RenderPointPicker;
  onSubmit: (values: TransmitterFormValues) => void;
  onCancel: () => void;
}

/** A building pressure transmitter: number (BPT-{num}; optional when new), name, height in feet and its point. */
export function TransmitterForm({ form, initialValues, isNew, disabled, submitting, renderPointPicker, onSubmit, onCancel }: TransmitterFormProps) {
  const rules = transmitterRules(isNew);
  return (
    <Form<TransmitterFormValues>
      form={form}
      name="pressure-transmitter"
      layout="vertical"
      initialValues={initialValues}
      disabled={disabled}
      onFinish={onSubmit}
      style={{ maxWidth: 640 }}
    >
      <Flex gap={8} wrap>
        <Form.Item
          label="Number"
          name="num"
          rules={rules.num}
          style={{ flex: '1 1 120px' }}
          extra={isNew ? 'Shown as BPT-{number}. Leave empty for the next free number.' : 'Shown as BPT-{number}.'}
        >
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Name" name="name" rules={rules.name} style={{ flex: '3 1 240px' }}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Transmitter height (ft)" name="transmitter_height" rules={rules.transmitter_height} style={{ flex: '1 1 150px' }}>
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
      </Flex>
      <Form.Item label="Point" name="syrx_controller_bacnet_point_id" rules={rules.syrx_controller_bacnet_point_id}>
        <PointField renderPointPicker={renderPointPicker} pickerTitle="Choose the transmitter's point" />
      </Form.Item>
      <FormButtons submitting={submitting} onCancel={onCancel} saveLabel="Save" />
    </Form>
  );
}
