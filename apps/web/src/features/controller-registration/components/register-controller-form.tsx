import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { controllerIdSchema } from '@syrx/contracts/controllers';
import { useRegisterController } from '../api/register-controller';
import { registrationErrorMessage } from '../utils/registration-error';
import { ControllerLabelIllustration } from './controller-label-illustration';

interface RegisterValues {
  controllerId: string;
  password: string;
}

const required = { required: true, message: 'Required' };

const uuidRule = {
  validator: async (_rule: unknown, value: string | undefined) => {
    if (!value) return;
    const result = controllerIdSchema.safeParse(value);
    if (!result.success) throw new Error(result.error.issues[0]?.message);
  },
};

/** /register-syrx-controller when logged in: claims a controller by its ID and password into the current group. */
export function RegisterControllerForm({ groupName }: { groupName: string | undefined }) {
  const navigate = useNavigate();
  const register = useRegisterController();

  const onFinish = ({ controllerId, password }: RegisterValues) => {
    const syrxControllerId = controllerIdSchema.parse(controllerId);
    register.mutate({ syrx_controller_id: syrxControllerId, password }, { onSuccess: () => void navigate('/admin/syrx-controllers') });
  };

  return (
    <Card style={{ maxWidth: 560, margin: '24px auto' }}>
      <Typography.Title level={2}>Register your Syrx controller</Typography.Title>
      <Typography.Paragraph>
        The Syrx Controller ID and the password are printed on the label on the front of your controller.
      </Typography.Paragraph>
      <ControllerLabelIllustration />
      {groupName === undefined ? (
        <Alert type="warning" showIcon style={{ margin: '16px 0' }} title="Choose a current group (Change, above) before registering a controller." />
      ) : (
        <Typography.Paragraph style={{ marginTop: 16 }}>
          The controller joins your current group, <Typography.Text strong>{groupName}</Typography.Text>.
        </Typography.Paragraph>
      )}
      {register.isError && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={registrationErrorMessage(register.error)} />}
      <Form<RegisterValues> layout="vertical" onFinish={onFinish} disabled={register.isPending || groupName === undefined} requiredMark={false}>
        <Form.Item label="Controller ID" name="controllerId" rules={[required, uuidRule]}>
          <Input autoComplete="off" spellCheck={false} placeholder="xxxxxxxx-xxxx-4xxx-xxxx-xxxxxxxxxxxx" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[required]}>
          <Input.Password autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={register.isPending}>
          Register
        </Button>
      </Form>
    </Card>
  );
}
