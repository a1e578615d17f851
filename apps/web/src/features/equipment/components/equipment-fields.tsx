import { Col, Form, Input, Row } from 'antd';
import { equipmentRules } from '../utils/equipment-form';

/** The Equipment Information fields, inside a Form of EquipmentFormValues (dates entered YYYY-MM-DD). */
export function EquipmentFields() {
  return (
    <>
      <Form.Item label="Name" name="name" rules={equipmentRules.name}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Description" name="description" rules={equipmentRules.description}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="Department" name="department">
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Model" name="model">
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Manufacturer" name="manufacturer">
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Serial" name="serial">
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Install Date" name="install_date">
            <Input type="date" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Demo Date" name="demo_date">
            <Input type="date" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Location" name="location" rules={equipmentRules.location}>
        <Input autoComplete="off" />
      </Form.Item>
    </>
  );
}
