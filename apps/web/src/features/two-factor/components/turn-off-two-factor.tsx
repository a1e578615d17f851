import { Alert, App, Button, Form, Input, Typography } from 'antd';
import type { TotpDisableRequest } from '@syrx/contracts/two-factor';
import { useFormFailure } from '../../../lib/form-errors';
import { useDisableTotp } from '../api/two-factor';

const fields = ['password', 'code'] as const;

/** Two-factor sign-in is on: turning it off takes the password and a current code (or a recovery code). */
export function TurnOffTwoFactor() {
  const { message } = App.useApp();
  const disable = useDisableTotp();
  const [form] = Form.useForm<TotpDisableRequest>();
  const failure = useFormFailure(form, fields);

  const onFinish = (values: TotpDisableRequest) => {
    failure.clear();
    disable.mutate(values, {
      onSuccess: () => void message.success('Two-factor sign-in is off.'),
      onError: failure.show,
    });
  };
  return (
    <>
      <Alert type="success" showIcon title="Two-factor sign-in is on." style={{ marginBottom: 16 }} />
      <Typography.Paragraph>To turn it off, enter your password and a code from your authenticator app (or a recovery code).</Typography.Paragraph>
      {failure.alert && <Alert type="error" showIcon role="alert" title={failure.alert} style={{ marginBottom: 16 }} />}
      <Form<TotpDisableRequest> form={form} layout="vertical" onFinish={onFinish} requiredMark={false} style={{ maxWidth: 360 }}>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Please enter your password' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="Code" name="code" rules={[{ required: true, whitespace: true, message: 'Please enter a code' }]}>
          <Input autoComplete="one-time-code" />
        </Form.Item>
        <Button danger htmlType="submit" loading={disable.isPending}>
          Turn off two-factor sign-in
        </Button>
      </Form>
    </>
  );
}
