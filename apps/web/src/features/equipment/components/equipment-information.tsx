import { useState } from 'react';
import { Alert, App, Card, Form, Spin } from 'antd';
import type { ComponentNode } from '@syrx/contracts/components';
import { type Equipment, equipmentMessages } from '@syrx/contracts/equipment';
import { FormActions } from '../../../components/form-actions';
import { showFormFailure } from '../../../lib/form-errors';
import { useCreateEquipment, useEquipment, useUpdateEquipment } from '../api/equipment';
import { emptyEquipmentValues, type EquipmentFormValues, equipmentFormFields, toEquipmentFields, toEquipmentFormValues } from '../utils/equipment-form';
import { lastPicks, type SubcomponentStacks } from '../utils/subcomponent-stacks';
import { EquipmentFields } from './equipment-fields';
import { SubcomponentSection } from './subcomponent-section';

interface EquipmentInformationProps {
  projectId: number;
  groupId: number;
  /** The schedule type the equipment is (or is added) of. */
  component: ComponentNode;
  /** The equipment to edit, or null to add one. */
  equipmentId: number | null;
  onCancel: () => void;
  onCreated: (equipment: Equipment) => void;
  onUpdated: () => void;
}

/**
 * The schedule's Equipment Information form (spec 02 sections 2, 4, 5 and 8): a new equipment also picks its
 * subcomponents (hidden when editing) and sends the last pick of each stack; failures are the specification's toasts.
 */
export function EquipmentInformation({ projectId, groupId, component, equipmentId, onCancel, onCreated, onUpdated }: EquipmentInformationProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<EquipmentFormValues>();
  const [stacks, setStacks] = useState<SubcomponentStacks>({});
  const existing = useEquipment(equipmentId);
  const create = useCreateEquipment();
  const update = useUpdateEquipment();
  const isNew = equipmentId === null;
  const pending = create.isPending || update.isPending;

  const refused = (error: Error, toast: string) => {
    showFormFailure(form, error, equipmentFormFields, { prefix: 'equipment.' });
    void message.error(toast);
  };
  const onSubmit = (values: EquipmentFormValues) => {
    const fields = toEquipmentFields(values);
    if (isNew) {
      create.mutate(
        { equipment: { ...fields, group_id: groupId, component_id: component.id }, sub_components: lastPicks(component.children, stacks), project_id: projectId },
        { onSuccess: (created) => { void message.success(`${created.name} was added`); onCreated(created); }, onError: (e) => refused(e, equipmentMessages.createFailed) },
      );
    } else {
      update.mutate(
        { id: equipmentId, equipment: fields },
        { onSuccess: (saved) => { void message.success(`${saved.name} was saved`); onUpdated(); }, onError: (e) => refused(e, equipmentMessages.updateFailed) },
      );
    }
  };

  let body;
  if (existing.error) body = <Alert type="error" showIcon role="alert" title="The equipment could not be loaded" description={existing.error.message} />;
  else if (!isNew && !existing.data) body = <Spin aria-label="Loading the equipment" />;
  else {
    body = (
      <Form<EquipmentFormValues>
        form={form}
        name="equipment-information"
        layout="vertical"
        size="small"
        initialValues={existing.data ? toEquipmentFormValues(existing.data) : emptyEquipmentValues}
        onFinish={onSubmit}
        disabled={pending}
      >
        {isNew && <SubcomponentSection component={component} stacks={stacks} onChange={setStacks} />}
        <EquipmentFields />
        <FormActions submitLabel="Submit" submitting={pending} onCancel={onCancel} />
      </Form>
    );
  }
  return (
    <Card title="Equipment Information" extra={component.description} role="region" aria-label="Equipment Information">
      {body}
    </Card>
  );
}
