import { Alert, Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useForgotPassword } from '../api/passwords';
import { PasswordCard } from './password-card';

/** /forgot-password: a username or e-mail address; the answer is the same whether or not it has an account. */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();

  return (
    <PasswordCard title="Forgot password">
      {forgot.isSuccess ? (
        <Alert type="success" showIcon role="status" title={forgot.data.message} />
      ) : (
        <Form<{ username: string }> layout="vertical" requiredMark={false} disabled={forgot.isPending} onFinish={(v) => forgot.mutate(v.username.trim())}>
          {forgot.isError && (
            <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={forgot.error instanceof ApiError ? forgot.error.body.message : 'The request could not be sent. Please try again.'} />
          )}
          <Form.Item label="Username or e-mail" name="username" rules={[{ required: true, whitespace: true, message: 'Please enter your username or e-mail address' }]}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={forgot.isPending}>
            Send me a link
          </Button>
        </Form>
      )}
      <p style={{ marginTop: 16, marginBottom: 0 }}>
        <Link to="/login">Back to the login page</Link>
      </p>
    </PasswordCard>
  );
}
