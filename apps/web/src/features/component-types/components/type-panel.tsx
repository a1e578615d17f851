import { useState } from 'react';
import { App, Button, Card, Space, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { componentMessages, type ComponentType } from '@syrx/contracts/components';
import { CatalogueDelete } from '../../../components/catalogue/catalogue-delete';
import { CatalogueEditor } from '../../../components/catalogue/catalogue-editor';
import type { CatalogueField } from '../../../components/catalogue/catalogue-spec';
import { useTypeChanges } from '../api/component-types';
import { TypePoints } from './type-points';

const description: CatalogueField = { name: 'description', label: 'Description', required: componentMessages.description, max: [200, componentMessages.length('a description', 200)] };
const schedule: CatalogueField = { name: 'is_schedule_type', label: 'A section of the project schedule (schedule type)', kind: 'checkbox' };
/** The type editor's fields: only a top-level type can be a schedule type. */
export const typeFields = (topLevel: boolean): CatalogueField[] => (topLevel ? [description, schedule] : [description]);

interface TypePanelProps {
  type: ComponentType;
  /** Its descriptions from the top (Air Handling Unit › Cooling). */
  path: readonly string[];
  /** How many types are directly below it. */
  subtypes: number;
  onDeleted: () => void;
}

/** The selected type: add a type below it, edit, move among its siblings, delete; and its points. */
export function TypePanel({ type, path, subtypes, onDeleted }: TypePanelProps) {
  const { message } = App.useApp();
  const changes = useTypeChanges();
  const [dialog, setDialog] = useState<'add' | 'edit' | 'delete' | null>(null);
  const move = (direction: 'up' | 'down') => changes.move.mutate({ id: type.id, direction }, { onError: (e) => void message.error(e.message) });

  return (
    <Card title={path.join(' › ')} extra={type.is_schedule_type && <Tag color="blue">Schedule type</Tag>}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button onClick={() => setDialog('add')}>New type below</Button>
        <Button onClick={() => setDialog('edit')}>Edit</Button>
        <Button icon={<ArrowUpOutlined />} aria-label="Move up" onClick={() => move('up')} />
        <Button icon={<ArrowDownOutlined />} aria-label="Move down" onClick={() => move('down')} />
        <Button danger onClick={() => setDialog('delete')}>Delete</Button>
      </Space>
      <TypePoints type={type} />
      {dialog === 'add' && (
        <CatalogueEditor title={`Add a type below ${type.description}`} okText="Save" fields={typeFields(false)} row={null} onClose={() => setDialog(null)}
          save={(body) => changes.create.mutateAsync({ parent_id: type.id, description: String(body.description), is_schedule_type: false })} />
      )}
      {dialog === 'edit' && (
        <CatalogueEditor title={`Edit ${type.description}`} okText="Save" fields={typeFields(type.parent_id === null)} row={type} onClose={() => setDialog(null)}
          save={(body) => changes.update.mutateAsync({ id: type.id, body: { description: String(body.description), is_schedule_type: body.is_schedule_type === true } })} />
      )}
      {dialog === 'delete' && (
        <CatalogueDelete what={`the type "${type.description}"`} usage={subtypes > 0 ? `It has ${subtypes} types below it, deleted with it` : null}
          remove={async () => { await changes.remove.mutateAsync(type.id); onDeleted(); }} onClose={() => setDialog(null)} />
      )}
    </Card>
  );
}
