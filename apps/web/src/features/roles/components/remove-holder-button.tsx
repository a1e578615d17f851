import { Button, Popconfirm } from 'antd';

interface RemoveHolderButtonProps {
  /** What confirming does ("Take the role from ann?"). */
  question: string;
  /** The button's accessible name ("Remove ann"). */
  label: string;
  onRemove: () => Promise<unknown>;
}

/** Takes a role from one of its holders, once confirmed. */
export function RemoveHolderButton({ question, label, onRemove }: RemoveHolderButtonProps) {
  return (
    <Popconfirm title={question} okText="Remove" okButtonProps={{ danger: true }} onConfirm={() => void onRemove()}>
      <Button size="small" danger aria-label={label}>
        Remove
      </Button>
    </Popconfirm>
  );
}
