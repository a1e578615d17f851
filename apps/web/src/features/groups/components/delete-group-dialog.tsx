import { useState } from 'react';
import { Alert, App, Modal, Typography } from 'antd';
import type { GroupDetail } from '@syrx/contracts/groups';
import { roleMessages } from '@syrx/contracts/roles';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useDeleteGroup } from '../api/groups-admin';
import { groupPaths } from '../utils/group-paths';

/**
 * Deleting a group: the server refuses (409) while anything hangs on it, and its message names what; the dialog shows
 * it and stays open. A group already gone reads 'Item could not be found' (the generic delete dialog, spec 02 section 8).
 */
export function DeleteGroupDialog({ group, onClose }: { group: GroupDetail; onClose: () => void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const remove = useDeleteGroup(group.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const toParent = () => void navigate(group.parent_id === null ? groupPaths.list : groupPaths.group(group.parent_id));

  const confirm = async () => {
    setRefusal(null);
    try {
      await remove.mutateAsync();
      void message.success(`The group "${group.name}" was deleted`);
      onClose();
      toParent();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        void message.error(roleMessages.deleteNotFound);
        onClose();
        toParent();
        return;
      }
      setRefusal(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Modal
      open
      title="Delete"
      okText="Delete"
      okButtonProps={{ danger: true, loading: remove.isPending }}
      onOk={() => void confirm()}
      onCancel={onClose}
      cancelButtonProps={{ disabled: remove.isPending }}
    >
      {refusal !== null && <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title="The group was not deleted" description={refusal} />}
      <Typography.Paragraph>Are you sure you want to delete the group &quot;{group.name}&quot;?</Typography.Paragraph>
    </Modal>
  );
}
