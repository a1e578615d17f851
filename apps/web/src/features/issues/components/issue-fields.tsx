import { Alert, Form, Input, Select } from 'antd';
import { issueMessages, type IssueKind } from '@syrx/contracts/issues';
import { useAssignees, useFieldChoices } from '../api/issues';

/** The form's names of an entry's own fields (the server's field messages land under them). */
export const issueFormFields = ['title', 'description', 'status_id', 'priority_id', 'type_id', 'assignee_id', 'due_date'] as const;
export type IssueFormValues = {
  title: string;
  description: string;
  status_id?: number;
  priority_id?: number | null;
  type_id?: number | null;
  assignee_id?: number | null;
  due_date?: string;
};

/** The values as the API takes them: trimmed title, empty optional fields as null. */
export const issueBodyOf = (v: IssueFormValues) => ({
  title: v.title.trim(), description: v.description, status_id: v.status_id, priority_id: v.priority_id ?? null, type_id: v.type_id ?? null,
  assignee_id: v.assignee_id ?? null, due_date: v.due_date ? v.due_date : null,
});

/** Title, description, status, priority, type, assignee and due date of an issue or task (inside a Form). */
export function IssueFields({ kind }: { kind: IssueKind }) {
  const choicesQuery = useFieldChoices(kind);
  const assigneesQuery = useAssignees(kind);
  const choices = choicesQuery.data;
  const assignees = assigneesQuery.data ?? [];
  const options = (list: { id: number; name: string }[] | undefined) => (list ?? []).map((o) => ({ value: o.id, label: o.name }));
  const loadError = (title: string) => <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={title} />;
  return (
    <>
      {choicesQuery.isError && loadError('The status, priority and type choices could not be loaded')}
      {assigneesQuery.isError && loadError('The assignees could not be loaded')}
      <Form.Item label="Title" name="title" rules={[{ required: true, whitespace: true, message: issueMessages.title }, { max: 200 }]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={4} />
      </Form.Item>
      <Form.Item label="Status" name="status_id">
        <Select<number> options={options(choices?.status)} placeholder="The first open status" />
      </Form.Item>
      <Form.Item label="Priority" name="priority_id">
        <Select<number> allowClear options={options(choices?.priority)} />
      </Form.Item>
      <Form.Item label="Type" name="type_id">
        <Select<number> allowClear options={options(choices?.type)} />
      </Form.Item>
      <Form.Item label="Assignee" name="assignee_id">
        <Select<number> allowClear showSearch optionFilterProp="label" options={assignees.map((u) => ({ value: u.id, label: u.name ? `${u.name} (${u.username})` : u.username }))} />
      </Form.Item>
      <Form.Item label="Due date" name="due_date">
        <Input type="date" style={{ width: 200 }} />
      </Form.Item>
    </>
  );
}
