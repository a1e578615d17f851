import { type ReactNode, useState } from 'react';
import { Alert, Checkbox, Form, Input, InputNumber, Modal, Select, type FormRule } from 'antd';
import { useFormFailure } from '../../lib/form-errors';
import { type CatalogueField, bodyOf, formValuesOf } from './catalogue-spec';

interface CatalogueEditorProps {
  title: string;
  okText: string;
  fields: readonly CatalogueField[];
  /** The row edited, or null for a new one. */
  row: Record<string, unknown> | null;
  /** Sends the body; a refusal's field messages show under their fields, the rest above the form. */
  save: (body: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
  /** Inside the form above the fields (a picker that fills them through Form.useFormInstance). */
  lead?: ReactNode;
}

function rulesOf(f: CatalogueField): FormRule[] {
  return [
    ...(f.required ? [{ required: true, whitespace: true, message: f.required }] : []),
    ...(f.max ? [{ max: f.max[0], message: f.max[1] }] : []),
    ...(f.range ? [{ type: 'number' as const, min: f.range[0], max: f.range[1], message: f.range[2] }] : []),
    ...(f.rules ?? []),
  ];
}

function control(f: CatalogueField): ReactNode {
  if (f.kind === 'checkbox') return <Checkbox>{f.label}</Checkbox>;
  if (f.kind === 'number') return <InputNumber<number> style={{ width: 200 }} placeholder={f.placeholder} />;
  if (f.kind === 'select') return <Select<string> options={f.options ? [...f.options] : []} placeholder={f.placeholder} />;
  return <Input autoComplete="off" placeholder={f.placeholder} />;
}

/** The add and edit dialog of a catalogue row, its form made from the fields. */
export function CatalogueEditor({ title, okText, fields, row, save, onClose, lead }: CatalogueEditorProps) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const failure = useFormFailure(form, fields.map((f) => f.name));
  const [saving, setSaving] = useState(false);

  const onFinish = (values: Record<string, unknown>) => {
    failure.clear();
    setSaving(true);
    save(bodyOf(fields, values)).then(onClose, failure.show).finally(() => setSaving(false));
  };

  return (
    <Modal open title={title} okText={okText} onOk={() => form.submit()} okButtonProps={{ loading: saving }} onCancel={onClose} destroyOnHidden>
      {failure.alert !== null && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title="The changes could not be saved" description={failure.alert} />}
      <Form form={form} layout="vertical" name="catalogue-editor" initialValues={formValuesOf(fields, row)} onFinish={onFinish}>
        {lead}
        {fields.map((f) => (
          <Form.Item key={f.name} label={f.kind === 'checkbox' ? undefined : f.label} name={f.name} rules={rulesOf(f)} valuePropName={f.kind === 'checkbox' ? 'checked' : 'value'}>
            {control(f)}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
