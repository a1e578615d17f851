import { Col, Form, type FormInstance, Row } from 'antd';
import type { Contact } from '@syrx/contracts/contacts';
import { projectPeople } from '@syrx/contracts/projects';
import { FormActions } from '../../../components/form-actions';
import { TextField } from '../../../components/form-fields';
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

/** The fields in columns after the name and address: `md` of 24 columns on a wide screen, each alone on a narrow one. */
const rowFields: { label: string; name: keyof ProjectFormValues; md: number; type?: 'date' }[] = [
  { label: 'Customer Project Id', name: 'customer_project_id', md: 12 },
  { label: 'Architect Project Id', name: 'architect_project_id', md: 12 },
  { label: 'Start Date', name: 'start_date', md: 8, type: 'date' },
  { label: 'Complete Date', name: 'complete_date', md: 8, type: 'date' },
  { label: 'Estimated Cost', name: 'estimated_cost', md: 8 },
];

/** The project's fields (spec 02 section 2), Submit and Cancel. */
export function ProjectForm({ form, initialValues, people, submitting, onSubmit, onCancel }: ProjectFormProps) {
  return (
    <Form<ProjectFormValues> form={form} name="project" layout="vertical" initialValues={initialValues} onFinish={onSubmit} disabled={submitting}>
      <TextField label="Name" name="name" rules={projectRules.name} />
      <TextField label="Address" name="address" rules={projectRules.address} />
      <Row gutter={16}>
        {rowFields.map((f) => (
          <Col xs={24} md={f.md} key={f.name}>
            <TextField label={f.label} name={f.name} rules={projectRules[f.name]} type={f.type} />
          </Col>
        ))}
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
