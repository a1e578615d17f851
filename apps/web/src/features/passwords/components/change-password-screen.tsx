import { Alert, Button, Form, Input, Typography } from 'antd';
import { passwordLinkMessages, passwordMessages } from '@syrx/contracts/passwords';
import { useFormFailure } from '../../../lib/form-errors';
import { useChangePassword } from '../api/passwords';
import { type NewPasswordValues, NewPasswordFields } from './new-password-fields';

type Values = NewPasswordValues & { current_password: string };

/** /account/password: the signed-in user's password; their other sessions are signed out. */
export function ChangePasswordScreen() {
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const failure = useFormFailure(form, ['current_password', 'new_password']);

  const onFinish = (values: Values) => {
    failure.clear();
    change.mutate({ current_password: values.current_password, new_password: values.new_password }, {
      onSuccess: () => form.resetFields(),
      onError: (error) => failure.show(error),
    });
  };

  return (
    <div style={{ maxWidth: 460 }}>
      <Typography.Title level={3}>Change password</Typography.Title>
      {change.isSuccess && <Alert type="success" showIcon role="status" style={{ marginBottom: 16 }} title={passwordLinkMessages.passwordChanged} />}
      {failure.alert && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={failure.alert} />}
      <Form<Values> form={form} name="change-password" layout="vertical" requiredMark={false} disabled={change.isPending} onFinish={onFinish}>
        <Form.Item label="Current password" name="current_password" rules={[{ required: true, message: passwordMessages.required }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Change password
        </Button>
      </Form>
    </div>
  );
}
