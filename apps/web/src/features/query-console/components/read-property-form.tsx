import { type ReactNode, useState } from 'react';
import { Button, Flex, Form, Input, Modal, Select, Space } from 'antd';
import type { FormRule } from 'antd';
import { objectTypeOptions, propertyIdentifierOptions } from '@syrx/contracts/bacnet';
import type { BacnetPoint } from '@syrx/contracts/points';
import {
  type ReadPropertyFormValues, isInteger, notAnInteger, pickedPointValues, readPropertyDefaults, requiredFields,
} from '../utils/read-property-form';

const required = (label: string): FormRule => ({ required: true, whitespace: true, message: `${label} is required` });
const wholeNumber: FormRule = { validator: async (_r, v: unknown) => { if (typeof v === 'string' && v.trim() !== '' && !isInteger(v)) throw new Error(notAnInteger); } };

interface ReadPropertyFormProps {
  inactiveTitle: string | undefined;
  reading: boolean;
  onRead: (values: ReadPropertyFormValues) => void;
  /** The point-picker tree, given what to do with the picked point (absent: no "Pick a point"). */
  renderPointPicker?: (onPick: (point: BacnetPoint) => void) => ReactNode;
}

/** Read property: where (MAC, network, destination), which object, which property (and index). */
export function ReadPropertyForm({ inactiveTitle, reading, onRead, renderPointPicker }: ReadPropertyFormProps) {
  const [form] = Form.useForm<ReadPropertyFormValues>();
  const [picking, setPicking] = useState(false);
  const pick = (point: BacnetPoint) => {
    form.setFieldsValue(pickedPointValues(point));
    setPicking(false);
  };
  return (
    <Form<ReadPropertyFormValues> form={form} name="read-property" layout="vertical" initialValues={readPropertyDefaults} onFinish={() => onRead(form.getFieldsValue(true) as ReadPropertyFormValues)}>
      <Flex gap={8} wrap>
        <Form.Item label={requiredFields.macAddress} name="macAddress" rules={[required(requiredFields.macAddress)]} style={{ flex: '2 1 200px' }}>
          <Input placeholder="192.168.1.20:47808" autoComplete="off" />
        </Form.Item>
        <Form.Item label={requiredFields.network} name="network" rules={[required(requiredFields.network), wholeNumber]} style={{ flex: '1 1 100px' }}>
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item label="Destination MAC address" name="destinationMacAddress" style={{ flex: '2 1 200px' }}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Destination network" name="destinationNetwork" rules={[wholeNumber]} style={{ flex: '1 1 100px' }}>
          <Input inputMode="numeric" />
        </Form.Item>
      </Flex>
      <Flex gap={8} wrap>
        <Form.Item label="Object type" name="objectType" style={{ flex: '2 1 220px' }}>
          <Select aria-label="Object type" showSearch={{ optionFilterProp: 'label' }} options={objectTypeOptions} />
        </Form.Item>
        <Form.Item label={requiredFields.instanceNumber} name="instanceNumber" rules={[required(requiredFields.instanceNumber), wholeNumber]} style={{ flex: '1 1 120px' }}>
          <Input inputMode="numeric" />
        </Form.Item>
        <Form.Item label="Property" name="propertyId" style={{ flex: '2 1 220px' }}>
          <Select aria-label="Property" showSearch={{ optionFilterProp: 'label' }} options={propertyIdentifierOptions} />
        </Form.Item>
        <Form.Item label="Property index" name="propertyIndex" rules={[wholeNumber]} style={{ flex: '1 1 100px' }}>
          <Input inputMode="numeric" />
        </Form.Item>
      </Flex>
      <Space>
        <Button type="primary" htmlType="submit" loading={reading} disabled={inactiveTitle !== undefined} title={inactiveTitle}>
          Read property
        </Button>
        {renderPointPicker && <Button onClick={() => setPicking(true)}>Pick a point</Button>}
      </Space>
      {renderPointPicker && (
        <Modal open={picking} title="Pick a point" footer={null} onCancel={() => setPicking(false)} destroyOnHidden width={640}>
          {renderPointPicker(pick)}
        </Modal>
      )}
    </Form>
  );
}
