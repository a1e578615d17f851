import { Alert, Button, Flex, Form, Input, QRCode, Typography } from 'antd';
import { useFormFailure } from '../../../lib/form-errors';
import { useEnableTotp, useTotpSetup } from '../api/two-factor';

/** Turning two-factor sign-in on: a new secret as a QR code and as text, confirmed with a code from the app. */
export function TwoFactorSetup({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const setup = useTotpSetup();
  const enable = useEnableTotp();
  const [form] = Form.useForm<{ code: string }>();
  const failure = useFormFailure(form, ['code'] as const);

  if (!setup.data) {
    return (
      <Flex vertical gap={12} align="flex-start">
        <Typography.Paragraph style={{ margin: 0 }}>
          Two-factor sign-in asks for a code from an authenticator app on your phone (such as Google Authenticator, Microsoft
          Authenticator or 1Password) each time you sign in, besides your password.
        </Typography.Paragraph>
        {setup.isError && <Alert type="error" showIcon role="alert" title={setup.error.message} />}
        <Button type="primary" loading={setup.isPending} onClick={() => setup.mutate()}>
          Set up two-factor sign-in
        </Button>
      </Flex>
    );
  }

  const onFinish = ({ code }: { code: string }) => {
    failure.clear();
    enable.mutate(code.trim(), { onSuccess: (answer) => onEnabled(answer.recovery_codes), onError: failure.show });
  };
  return (
    <Flex vertical gap={16} align="flex-start">
      <Typography.Paragraph style={{ margin: 0 }}>1. Scan this QR code with your authenticator app, or enter the secret by hand.</Typography.Paragraph>
      <div role="img" aria-label="QR code of the secret">
        <QRCode value={setup.data.otpauth_url} type="svg" />
      </div>
      <Typography.Text>
        Secret: <Typography.Text code copyable data-testid="totp-secret">{setup.data.secret}</Typography.Text>
      </Typography.Text>
      <Typography.Paragraph style={{ margin: 0 }}>2. Enter the 6-digit code the app shows to confirm.</Typography.Paragraph>
      {failure.alert && <Alert type="error" showIcon role="alert" title={failure.alert} />}
      <Form<{ code: string }> form={form} layout="inline" onFinish={onFinish} requiredMark={false}>
        <Form.Item label="Code" name="code" rules={[{ required: true, whitespace: true, message: 'Please enter the code from the app' }]}>
          <Input autoComplete="one-time-code" inputMode="numeric" style={{ width: 140 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={enable.isPending}>
          Turn on
        </Button>
      </Form>
    </Flex>
  );
}
