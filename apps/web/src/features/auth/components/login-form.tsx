import { Alert, Button, Form, Input } from 'antd';
import { Link, useLocation } from 'react-router';
import { useSignIn } from '../api/sign-in';
import { loginState } from '../utils/login-state';
import { SignInCard } from './sign-in-card';
import { TwoFactorStep } from './two-factor-step';

interface LoginFormValues {
  username: string;
  password: string;
}

interface LoginFormProps {
  /** The e-mail validation token of /login/{token}; signing in with it completes the validation. */
  token?: string | undefined;
}

export function LoginForm({ token }: LoginFormProps) {
  const { search } = useLocation();
  const signIn = useSignIn();
  const state = loginState(signIn);

  const onFinish = (values: LoginFormValues) => {
    signIn.mutate({ username: values.username, password: values.password, token: token ?? null });
  };
  // The password was right and the account has two-factor sign-in: the same request again, with a code.
  if (state.kind === 'code_required' && signIn.variables) return <TwoFactorStep request={signIn.variables} onBack={signIn.reset} />;

  return (
    <SignInCard title="Login">
      {token !== undefined && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Signing in completes the validation of your e-mail address."
        />
      )}
      {(state.kind === 'invalid' || state.kind === 'unknown_error') && (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={state.message} />
      )}
      <Form<LoginFormValues> layout="vertical" onFinish={onFinish} disabled={state.kind === 'attempting'} requiredMark={false}>
        <Form.Item label="Username" name="username" rules={[{ required: true, whitespace: true, message: 'Please enter your username' }]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Please enter your password' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={state.kind === 'attempting'}>
          Login
        </Button>
      </Form>
      <p style={{ marginTop: 12, marginBottom: 0 }}>
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      <p style={{ marginTop: 16, marginBottom: 0 }}>
        Don&apos;t have an account? <Link to={`/user-registration${search}`}>Create an account</Link>
      </p>
    </SignInCard>
  );
}
