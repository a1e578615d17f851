import { useState } from 'react';
import { Alert, App, Card, Flex, Form, Input, Select, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { type Equipment, equipmentMessages } from '@syrx/contracts/equipment';
import { FormActions } from '../../../components/form-actions';
import { useCurrentUser } from '../../../lib/session';
import { showFormFailure } from '../../../lib/form-errors';
import { useDescendants } from '../api/components';
import { useCreateEquipment, useEquipment, useUpdateEquipment } from '../api/equipment';
import { choicesOf, emptyEquipmentValues, type EquipmentFormValues, equipmentFormFields, toEquipmentFields, toEquipmentFormValues } from '../utils/equipment-form';
import { ComponentTypeahead } from './component-typeahead';
import { EquipmentFields } from './equipment-fields';
import { PointSelection } from './point-selection';

const editorPath = '/commissioning/equipment/editor';
type FormValues = EquipmentFormValues & { component_id: number | null };

/** The value of a category's select: one of its types, or '' for None. */
type Choice = number | '';

/**
 * /commissioning/equipment/editor (Add Equipment, into the current group) and ?id={id} (Edit Equipment): a component
 * picked by typeahead (required), one select per descendant type with 'None', and the Equipment Information fields.
 * Cancel or a successful create or update resets the editor; a create then opens the point editor of the new equipment
 * (spec 02 section 4).
 */
export function EquipmentEditorScreen({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const group = useCurrentUser().commissioning_group;
  const [form] = Form.useForm<FormValues>();
  const existing = useEquipment(id);
  const [picked, setPicked] = useState<number | null>(null);
  const componentId = id === null ? picked : (existing.data?.component_id ?? null);
  const categories = useDescendants(componentId);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  // Bumped by Cancel on a new equipment: the form (and the typeahead's text) starts again empty.
  const [generation, setGeneration] = useState(0);
  // The point editor, open for the equipment just created until its Close.
  const [pointsOf, setPointsOf] = useState<Equipment | null>(null);
  const create = useCreateEquipment();
  const update = useUpdateEquipment();
  const pending = create.isPending || update.isPending;
  const isNew = id === null;

  const refused = (error: Error, toast: string) => {
    showFormFailure<keyof FormValues>(form, error, [...equipmentFormFields, 'component_id'], { prefix: 'equipment.' });
    void message.error(toast);
  };
  /** The editor back to an empty Add Equipment: an existing equipment's page leaves its address. */
  const reset = () => {
    if (id !== null) {
      void navigate(editorPath);
      return;
    }
    form.resetFields();
    setPicked(null);
    setChoices({});
    setGeneration((g) => g + 1);
  };
  const onSubmit = (values: FormValues) => {
    const fields = toEquipmentFields(values);
    if (id !== null) {
      update.mutate({ id, equipment: fields }, {
        onSuccess: (saved) => {
          void message.success(`${saved.name} was saved`);
          reset();
        },
        onError: (e) => refused(e, equipmentMessages.updateFailed),
      });
      return;
    }
    const subComponents = (categories.data ?? []).flatMap((c) => (typeof choices[c.id] === 'number' ? [choices[c.id] as number] : []));
    create.mutate({ equipment: { ...fields, group_id: group?.id ?? 0, component_id: values.component_id ?? 0 }, sub_components: subComponents }, {
      onSuccess: (created: Equipment) => {
        void message.success(`${created.name} was added`);
        reset();
        setPointsOf(created);
      },
      onError: (e) => refused(e, equipmentMessages.createFailed),
    });
  };
  const chosenIn = (categoryId: number): Choice => {
    if (isNew) return choices[categoryId] ?? '';
    const category = categories.data?.find((c) => c.id === categoryId);
    return (category && choicesOf(category).find((o) => existing.data?.sub_components.includes(o.value))?.value) ?? '';
  };

  let body;
  if (isNew && !group) body = <Alert type="info" showIcon title="Choose a current group to add equipment to it." />;
  else if (existing.error) body = <Alert type="error" showIcon role="alert" title="The equipment could not be loaded" description={existing.error.message} />;
  else if (!isNew && !existing.data) body = <Spin aria-label="Loading the equipment" />;
  else {
    body = (
      <Form<FormValues>
        key={generation}
        form={form}
        name="equipment"
        layout="vertical"
        initialValues={existing.data ? { ...toEquipmentFormValues(existing.data), component_id: existing.data.component_id } : { ...emptyEquipmentValues, component_id: null }}
        onFinish={onSubmit}
        disabled={pending}
      >
        {isNew ? (
          <Form.Item label="Component" name="component_id" rules={[{ required: true, message: equipmentMessages.component }]}>
            <ComponentTypeahead onChange={(v) => { setPicked(v); setChoices({}); }} />
          </Form.Item>
        ) : (
          <Form.Item label="Component" htmlFor="equipment-component">
            <Input id="equipment-component" value={existing.data?.component_description} disabled />
          </Form.Item>
        )}
        {categories.isFetching && <Spin size="small" aria-label="Loading the component's types" />}
        {(componentId !== null ? (categories.data ?? []) : []).map((category) => (
          <Form.Item key={category.id} label={category.description} htmlFor={`category-${category.id}`}>
            <Select<Choice>
              id={`category-${category.id}`}
              value={chosenIn(category.id)}
              disabled={!isNew}
              onChange={(v) => setChoices((c) => ({ ...c, [category.id]: v }))}
              options={[{ value: '', label: 'None' }, ...choicesOf(category)]}
            />
          </Form.Item>
        ))}
        <EquipmentFields />
        <FormActions submitLabel="Submit" submitting={pending} onCancel={reset} />
      </Form>
    );
  }
  return (
    <Flex vertical gap={16} style={{ maxWidth: 800 }}>
      <Card title={isNew ? 'Add Equipment' : 'Edit Equipment'}>{body}</Card>
      {pointsOf && <PointSelection key={pointsOf.id} projectId={pointsOf.project_id} equipment={pointsOf} onDone={() => setPointsOf(null)} />}
    </Flex>
  );
}
