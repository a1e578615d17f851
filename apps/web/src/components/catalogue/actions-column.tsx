import { Button, Space } from 'antd';

/** The Actions column of a catalogue table: Edit, and Delete (or `deleteLabel`), each button named after its row. */
export function actionsColumn<T>(nameOf: (row: T) => string, onEdit: (row: T) => void, onDelete: (row: T) => void, deleteLabel = 'Delete') {
  return {
    title: 'Actions', key: 'actions', width: 160,
    render: (_: unknown, row: T) => (
      <Space>
        <Button size="small" aria-label={`Edit ${nameOf(row)}`} onClick={() => onEdit(row)}>Edit</Button>
        <Button size="small" danger aria-label={`${deleteLabel} ${nameOf(row)}`} onClick={() => onDelete(row)}>{deleteLabel}</Button>
      </Space>
    ),
  };
}
