import { Alert, App, Button, Card, Checkbox, Form, Input, Modal, Popconfirm, Result, Space, Spin } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { type ServiceVersion, serviceVersionMessages } from '@syrx/contracts/service-versions';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { useDeleteVersion, useServiceVersion, useUpdateVersion } from '../api/service-versions';
import { canManageServiceVersions, needsPcsAdmin } from '../utils/permissions';
import { serviceVersionPaths, versionFormRules } from '../utils/version-form';
import { ArtifactSelect } from './artifact-select';

interface Props {
  serviceId: string;
  versionName: string;
}

/**
 * /admin/syrx-controller-services/{serviceId}/versions/{versionName}: a locked version shows only an info dialog; an
 * unlocked one can be edited (its artifact, and locking it) or deleted. Service and version are fixed.
 */
export function EditVersionScreen({ serviceId, versionName }: Props) {
  const navigate = useNavigate();
  const version = useServiceVersion(serviceId, versionName);
  const back = () => void navigate(serviceVersionPaths.list);

  if (version.isPending) return <Spin aria-label="Loading the version" />;
  if (version.isError) {
    const missing = version.error instanceof ApiError && version.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? 'Version not found' : 'The version could not be loaded'}
        subTitle={version.error.message}
        extra={<Link to={serviceVersionPaths.list}>Back to the Syrx controller services</Link>}
      />
    );
  }
  if (version.data.is_locked) {
    return (
      <Modal open title="Version locked" onCancel={back} footer={<Button type="primary" onClick={back}>OK</Button>}>
        Version {version.data.version_name} of {version.data.service_id} is locked. A locked version can be neither edited nor deleted.
      </Modal>
    );
  }
  return <VersionEditor version={version.data} />;
}

interface EditValues {
  syrx_controller_service_artifact_id?: number;
  is_locked: boolean;
}

function VersionEditor({ version }: { version: ServiceVersion }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const mayManage = canManageServiceVersions(useCurrentUser());
  const update = useUpdateVersion(version.service_id, version.version_name);
  const remove = useDeleteVersion(version.service_id, version.version_name);
  const busy = update.isPending || remove.isPending;

  const onFinish = (values: EditValues) =>
    update.mutate(
      { service_id: version.service_id, version_name: version.version_name, syrx_controller_service_artifact_id: values.syrx_controller_service_artifact_id, is_locked: values.is_locked },
      {
        onSuccess: (v) => {
          void message.success(`Version ${v.version_name} of ${v.service_id} was saved${v.is_locked ? ' and locked' : ''}`);
          void navigate(serviceVersionPaths.list);
        },
        onError: () => void message.error(serviceVersionMessages.saveFailed),
      },
    );
  const onDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        void message.success(`Version ${version.version_name} of ${version.service_id} was deleted`);
        void navigate(serviceVersionPaths.list, { replace: true });
      },
      onError: () => void message.error(serviceVersionMessages.deleteFailed),
    });

  return (
    <Card title="Edit Syrx controller service version" style={{ maxWidth: 720 }}>
      {!mayManage && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={needsPcsAdmin} />}
      {(update.error ?? remove.error) && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={(update.error ?? remove.error)?.message} />}
      <Form<EditValues>
        name="edit-service-version"
        layout="vertical"
        initialValues={{ syrx_controller_service_artifact_id: version.syrx_controller_service_artifact_id, is_locked: false }}
        onFinish={onFinish}
        disabled={!mayManage || busy}
      >
        <Form.Item label="Service" htmlFor="service-version-service">
          <Input id="service-version-service" value={version.service_id} disabled />
        </Form.Item>
        <Form.Item label="Version" htmlFor="service-version-name">
          <Input id="service-version-name" value={version.version_name} disabled />
        </Form.Item>
        <Form.Item name="syrx_controller_service_artifact_id" label="Artifact" rules={versionFormRules.artifact}>
          <ArtifactSelect serviceId={version.service_id} />
        </Form.Item>
        <Form.Item name="is_locked" valuePropName="checked" extra="A locked version can be neither edited nor deleted, and cannot be unlocked.">
          <Checkbox>Locked</Checkbox>
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={update.isPending}>Save</Button>
          <Button onClick={() => void navigate(serviceVersionPaths.list)} disabled={false}>Cancel</Button>
          <Popconfirm
            title={`Delete version ${version.version_name} of ${version.service_id}?`}
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={onDelete}
            disabled={!mayManage || busy}
          >
            <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>Delete version</Button>
          </Popconfirm>
        </Space>
      </Form>
    </Card>
  );
}
