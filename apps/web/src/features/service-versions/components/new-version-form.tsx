import { Alert, App, Button, Card, Form, Input, Select, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { useCreateVersion, useServiceTypes } from '../api/service-versions';
import { canManageServiceVersions, needsPcsAdmin } from '../utils/permissions';
import { type NewVersionValues, createFailedMessage, serviceVersionPaths, versionFormRules } from '../utils/version-form';
import { ArtifactSelect } from './artifact-select';

/** /admin/syrx-controller-service-versions/new?serviceId=: Service, Version and Artifact; back to the list once created. */
export function NewVersionForm({ serviceId }: { serviceId: string | undefined }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const mayManage = canManageServiceVersions(useCurrentUser());
  const [form] = Form.useForm<NewVersionValues>();
  const chosenService = Form.useWatch('service_id', form);
  const types = useServiceTypes();
  const create = useCreateVersion();
  const known = types.data?.some((t) => t.id === serviceId) ? serviceId : undefined;

  const onFinish = (values: NewVersionValues) => {
    const input = {
      service_id: values.service_id ?? '',
      version_name: (values.version_name ?? '').trim(),
      syrx_controller_service_artifact_id: values.syrx_controller_service_artifact_id ?? 0,
    };
    create.mutate(input, {
      onSuccess: (v) => {
        void message.success(`Version ${v.version_name} of ${v.service_id} was created`);
        void navigate(serviceVersionPaths.list);
      },
      onError: (error) => void message.error(createFailedMessage(error)),
    });
  };

  if (types.isError) return <Alert type="error" showIcon role="alert" title="The service types could not be loaded" description={types.error.message} />;
  return (
    <Card title="New Syrx controller service version" style={{ maxWidth: 720 }} loading={types.isPending}>
      {!mayManage && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={needsPcsAdmin} />}
      <Form<NewVersionValues>
        form={form}
        name="new-service-version"
        layout="vertical"
        initialValues={{ service_id: known }}
        onFinish={onFinish}
        onValuesChange={(changed: NewVersionValues) => {
          if ('service_id' in changed) form.setFieldValue('syrx_controller_service_artifact_id', undefined);
        }}
        disabled={!mayManage || create.isPending}
      >
        <Form.Item name="service_id" label="Service" rules={versionFormRules.service}>
          <Select placeholder="Choose a service" options={(types.data ?? []).map((t) => ({ value: t.id, label: t.id }))} />
        </Form.Item>
        <Form.Item name="version_name" label="Version" rules={versionFormRules.version} extra="A semver version, e.g. 1.4.0 or 2.0.0-rc.1">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="syrx_controller_service_artifact_id" label="Artifact" rules={versionFormRules.artifact}>
          <ArtifactSelect serviceId={chosenService} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending}>Save</Button>
          <Button onClick={() => void navigate(serviceVersionPaths.list)} disabled={false}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}
