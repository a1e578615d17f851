import { useState } from 'react';
import { Alert, App, Modal, Typography } from 'antd';
import { roleMessages } from '@syrx/contracts/roles';
import { ApiError } from '../../../lib/api-client';

interface DeleteDialogProps {
  /** What is deleted, as the question names it (e.g. the role "Auditor"). */
  what: string;
  onDelete: () => Promise<unknown>;
  onClose: () => void;
  /** The item is gone: deleted now, or already missing. */
  onGone: () => void;
}

/**
 * The generic delete dialog (spec 02, section 8): a missing item reads 'Item could not be found' and the dialog closes;
 * another failure reads 'An error occurred while trying to perform the deletion' and the dialog stays open.
 */
export function DeleteDialog({ what, onDelete, onClose, onGone }: DeleteDialogProps) {
  const { message } = App.useApp();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  const confirm = async () => {
    setPending(true);
    setFailed(false);
    try {
      await onDelete();
      onGone();
    } catch (error) {
      setPending(false);
      if (error instanceof ApiError && error.status === 404) {
        void message.error(roleMessages.deleteNotFound);
        onClose();
        onGone();
        return;
      }
      setFailed(true);
      void message.error(roleMessages.deleteFailed);
    }
  };

  return (
    <Modal
      open
      title="Delete"
      okText="Delete"
      okButtonProps={{ danger: true, loading: pending }}
      onOk={() => void confirm()}
      onCancel={onClose}
      cancelButtonProps={{ disabled: pending }}
    >
      {failed && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={roleMessages.deleteFailed} />}
      <Typography.Paragraph>Are you sure you want to delete {what}?</Typography.Paragraph>
    </Modal>
  );
}
