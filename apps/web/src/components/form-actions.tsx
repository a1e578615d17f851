import { Button, Space } from 'antd';

interface FormActionsProps {
  /** The submit button's text ("Save", "Add device"). */
  submitLabel: string;
  /** While a save runs: the submit button spins and Cancel waits. */
  submitting: boolean;
  onCancel: () => void;
  /** Submitting refused before it starts, with the reason as the button's title. */
  refused?: { disabled: boolean; title: string | undefined };
}

/** A form's submit button and its Cancel. */
export function FormActions({ submitLabel, submitting, onCancel, refused }: FormActionsProps) {
  return (
    <Space>
      <Button type="primary" htmlType="submit" loading={submitting} {...refused}>
        {submitLabel}
      </Button>
      <Button onClick={onCancel} disabled={submitting}>
        Cancel
      </Button>
    </Space>
  );
}
