import { Col, Form, Input, Row } from 'antd';
import { TextField } from '../../../components/form-fields';
import { type EquipmentFormValues, equipmentRules } from '../utils/equipment-form';

/** The fields two to a row between the description and the location. */
const pairedFields: { label: string; name: keyof EquipmentFormValues; type?: 'date' }[] = [
  { label: 'Department', name: 'department' },
  { label: 'Model', name: 'model' },
  { label: 'Manufacturer', name: 'manufacturer' },
  { label: 'Serial', name: 'serial' },
  { label: 'Install Date', name: 'install_date', type: 'date' },
  { label: 'Demo Date', name: 'demo_date', type: 'date' },
];

/** The Equipment Information fields, inside a Form of EquipmentFormValues (dates entered YYYY-MM-DD). */
export function EquipmentFields() {
  return (
    <>
      <TextField label="Name" name="name" rules={equipmentRules.name} />
      <Form.Item label="Description" name="description" rules={equipmentRules.description}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
      <Row gutter={12}>
        {pairedFields.map((f) => (
          <Col span={12} key={f.name}>
            <TextField label={f.label} name={f.name} type={f.type} />
          </Col>
        ))}
      </Row>
      <TextField label="Location" name="location" rules={equipmentRules.location} />
    </>
  );
}
