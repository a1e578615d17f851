import { Button, Card, Table, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ComponentNode } from '@syrx/contracts/components';
import type { ScheduleItem } from '@syrx/contracts/equipment';
import { EditDeleteButtons } from '../../../components/edit-delete-buttons';

interface ScheduleSectionProps {
  type: ComponentNode;
  items: readonly ScheduleItem[];
  onAdd: () => void;
  onEdit: (item: ScheduleItem) => void;
  onDelete: (item: ScheduleItem) => void;
}

/** One schedule component type: Add, and the project's equipment of that type (Name, Description, Actions). */
export function ScheduleSection({ type, items, onAdd, onEdit, onDelete }: ScheduleSectionProps) {
  const columns: TableColumnsType<ScheduleItem> = [
    { title: 'Name', dataIndex: 'name' },
    { title: 'Description', dataIndex: 'description' },
    {
      title: 'Actions', key: 'actions', width: 150,
      render: (_: unknown, item) => <EditDeleteButtons name={item.name} onEdit={() => onEdit(item)} onDelete={() => onDelete(item)} />,
    },
  ];
  return (
    <Card
      size="small"
      title={type.description}
      role="region"
      aria-label={type.description}
      extra={<Button size="small" icon={<PlusOutlined />} aria-label={`Add ${type.description}`} onClick={onAdd}>Add</Button>}
    >
      <Table<ScheduleItem> aria-label={`${type.description} equipment`} rowKey="id" size="small" columns={columns} dataSource={[...items]} pagination={false} locale={{ emptyText: 'No equipment' }} />
    </Card>
  );
}
