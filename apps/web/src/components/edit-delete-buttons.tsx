import type { ReactNode } from 'react';
import { Button, Space } from 'antd';

interface EditDeleteButtonsProps {
  /** What the row is: the buttons are "Edit {name}" and "Delete {name}" to a screen reader. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Buttons before Edit (a project's Schedule). */
  before?: ReactNode;
}

/** A grid row's small Edit and (red) Delete buttons. */
export function EditDeleteButtons({ name, onEdit, onDelete, before }: EditDeleteButtonsProps) {
  return (
    <Space>
      {before}
      <Button size="small" aria-label={`Edit ${name}`} onClick={onEdit}>Edit</Button>
      <Button size="small" danger aria-label={`Delete ${name}`} onClick={onDelete}>Delete</Button>
    </Space>
  );
}
