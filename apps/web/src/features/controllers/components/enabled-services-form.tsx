import { Alert, App, Button, Card, Form, Space } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { useCurrentUser } from '../../../lib/session';
import { useController } from '../api/controller';
import { useEnabledServices, useReplaceEnabledServices, useServiceTypes } from '../api/enabled-services';
import {
  type EnabledServicesFormValues, submitFailedMessage, toEnabledServicesPayload, toServiceRows,
} from '../utils/enabled-services-form';
import { controllerLabel } from '../utils/format';
import { canManageControllers, needsPcsAdmin } from '../utils/permissions';
import { useAreaPaths } from './area-context';
import { CallFailed, Loading } from './load-state';
import { EnabledServicesTableFields } from './enabled-services-table-fields';

/** /admin/syrx-controllers/{id}/services: which services the controller runs, at which version ranges. */
export function EnabledServicesForm({ id }: { id: string }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const paths = useAreaPaths();
  const mayManage = canManageControllers(useCurrentUser());
  const [form] = Form.useForm<EnabledServicesFormValues>();
  const controller = useController(id);
  const types = useServiceTypes();
  const enabled = useEnabledServices(id);
  const replace = useReplaceEnabledServices(id);

  // Without its data the form has nothing to show: back to the controller's page.
  if (controller.isError || types.isError || enabled.isError) return <Navigate to={paths.controller(id)} replace />;
  if (!controller.data || !types.data || !enabled.data) return <Loading what="the enabled services" />;
  const rows = toServiceRows(types.data, enabled.data);

  const onFinish = () => {
    const { services } = form.getFieldsValue(true) as EnabledServicesFormValues;
    replace.mutate(toEnabledServicesPayload(services), {
      onSuccess: () => void navigate(paths.controller(id)),
      onError: () => void message.error(submitFailedMessage),
    });
  };

  return (
    <Card title={`Enabled services of ${controllerLabel(controller.data)}`}>
      {!mayManage && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={needsPcsAdmin} />}
      {replace.error && <CallFailed error={replace.error} title={submitFailedMessage} />}
      <Form<EnabledServicesFormValues>
        form={form}
        name="enabled-services"
        initialValues={{ services: rows }}
        onFinish={onFinish}
        disabled={!mayManage || replace.isPending}
      >
        <EnabledServicesTableFields form={form} rows={rows} />
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={replace.isPending}>
            Save
          </Button>
          <Button onClick={() => void navigate(paths.controller(id))} disabled={replace.isPending}>
            Cancel
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
