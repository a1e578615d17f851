import { useState } from 'react';
import { Alert, App, Modal, Typography } from 'antd';
import { roleMessages } from '@syrx/contracts/roles';
import { ApiError } from '../../lib/api-client';

interface CatalogueDeleteProps {
  /** The question's object: 'the utility company "Eversource"'. */
  what: string;
  /** Why it cannot be deleted now, as the grid knows it ("Used by 2 contacts"); the server says so again (409). */
  usage?: string | null;
  remove: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * The delete confirmation of a catalogue row. A row something still uses is refused by the server (409): its message
 * shows here and the dialog stays. A row already gone reads 'Item could not be found' and the dialog closes.
 */
export function CatalogueDelete({ what, usage, remove, onClose }: CatalogueDeleteProps) {
  const { message } = App.useApp();
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirm = async () => {
    setPending(true);
    setRefusal(null);
    const failure = await remove().then(() => null, (error: unknown) => error);
    const gone = failure instanceof ApiError && failure.status === 404;
    if (failure === null || gone) {
      void (gone ? message.error(roleMessages.deleteNotFound) : message.success(`Deleted ${what}`));
      onClose();
      return;
    }
    setPending(false);
    setRefusal(failure instanceof ApiError && failure.status === 409 ? failure.message : roleMessages.deleteFailed);
  };

  return (
    <Modal open title="Delete" okText="Delete" okButtonProps={{ danger: true, loading: pending }} onOk={() => void confirm()} onCancel={onClose} cancelButtonProps={{ disabled: pending }}>
      {refusal !== null && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={refusal} />}
      <Typography.Paragraph>Are you sure you want to delete {what}?</Typography.Paragraph>
      {usage && refusal === null && <Typography.Paragraph type="warning">{usage}: the server will refuse while it is in use.</Typography.Paragraph>}
    </Modal>
  );
}
