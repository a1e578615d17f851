import { Col, Form, type FormInstance, Input, Row } from 'antd';
import type { Contact } from '@syrx/contracts/contacts';
import { projectPeople } from '@syrx/contracts/projects';
import { FormActions } from '../../../components/form-actions';
import { type ProjectFormValues, projectRules } from '../utils/project-form';
import { PersonSelect } from './person-select';

interface ProjectFormProps {
  form: FormInstance<ProjectFormValues>;
  initialValues: ProjectFormValues;
  people: readonly Contact[];
  submitting: boolean;
  onSubmit: (values: ProjectFormValues) => void;
  onCancel: () => void;
}

/** The project's fields (spec 02 section 2), Submit and Cancel. */
export function ProjectForm({ form, initialValues, people, submitting, onSubmit, onCancel }: ProjectFormProps) {
  return (
    <Form<ProjectFormValues> form={form} name="project" layout="vertical" initialValues={initialValues} onFinish={onSubmit} disabled={submitting}>
      <Form.Item label="Name" name="name" rules={projectRules.name}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Address" name="address" rules={projectRules.address}>
        <Input autoComplete="off" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Customer Project Id" name="customer_project_id" rules={projectRules.customer_project_id}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Architect Project Id" name="architect_project_id" rules={projectRules.architect_project_id}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Start Date" name="start_date" rules={projectRules.start_date}>
            <Input type="date" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Complete Date" name="complete_date" rules={projectRules.complete_date}>
            <Input type="date" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Estimated Cost" name="estimated_cost" rules={projectRules.estimated_cost}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        {projectPeople.map((p) => (
          <Col xs={24} md={8} key={p.field}>
            <Form.Item label={p.label} name={p.field}>
              <PersonSelect label={p.label} people={people} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <FormActions submitLabel="Submit" submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
