import { Alert, Button, Card, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { useController, useDeleteController } from '../api/controller';
import { controllerLabel } from '../utils/format';
import { canManageControllers, needsPcsAdmin } from '../utils/permissions';
import { useAreaPaths } from './area-context';
import { CallFailed, LoadFailed, Loading } from './load-state';

/** /admin/syrx-controllers/{id}/delete: names the controller and deletes it on confirmation. */
export function DeleteController({ id }: { id: string }) {
  const navigate = useNavigate();
  const paths = useAreaPaths();
  const mayManage = canManageControllers(useCurrentUser());
  const controller = useController(id);
  const remove = useDeleteController();

  if (controller.isPending) return <Loading what="the Syrx controller" />;
  if (controller.isError) return <LoadFailed error={controller.error} />;
  const label = controller.data ? controllerLabel(controller.data) : id;

  const onDelete = () =>
    remove.mutate(id, {
      onSuccess: () => {
        void navigate(paths.base, { replace: true });
        remove.forget(id);
      },
    });
  return (
    <Card title="Delete Syrx controller" style={{ maxWidth: 640 }}>
      {!mayManage && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={needsPcsAdmin} />}
      {remove.error && <CallFailed error={remove.error} />}
      <Typography.Paragraph>
        Are you sure you want to delete the Syrx controller <Typography.Text strong>{label}</Typography.Text> ({id})?
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Its BACnet connection configuration, BBMD servers and enabled services are deleted with it, and its agent can no longer connect.
      </Typography.Paragraph>
      <Space>
        <Button danger type="primary" disabled={!mayManage} loading={remove.isPending} onClick={onDelete}>
          Delete
        </Button>
        <Button onClick={() => void navigate(paths.controller(id))} disabled={remove.isPending}>
          Cancel
        </Button>
      </Space>
    </Card>
  );
}
