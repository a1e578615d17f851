import type { ReactNode } from 'react';
import { Alert, Button, Form, Input, theme } from 'antd';
import { Link, useLocation } from 'react-router';
import { useSignIn } from '../api/sign-in';
import { loginState } from '../utils/login-state';

interface LoginFormValues {
  username: string;
  password: string;
}

interface LoginFormProps {
  /** The e-mail validation token of /login/{token}; signing in with it completes the validation. */
  token?: string | undefined;
}

/**
 * A card as antd's Card draws one with a title: the sign-in page is the first page most visits load, and Card brings
 * its tabs and their dropdowns into that download (docs/decisions.md, delivery of the web app).
 */
function SignInCard({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section
      aria-label={title}
      style={{ maxWidth: 420, margin: '48px auto', background: token.colorBgContainer, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG }}
    >
      <div style={{ padding: `0 ${token.paddingLG}px`, minHeight: 56, display: 'flex', alignItems: 'center', borderBottom: `1px solid ${token.colorBorderSecondary}`, fontWeight: token.fontWeightStrong, fontSize: token.fontSizeLG, color: token.colorTextHeading }}>
        {title}
      </div>
      <div style={{ padding: token.paddingLG }}>{children}</div>
    </section>
  );
}

export function LoginForm({ token }: LoginFormProps) {
  const { search } = useLocation();
  const signIn = useSignIn();
  const state = loginState(signIn);

  const onFinish = (values: LoginFormValues) => {
    signIn.mutate({ username: values.username, password: values.password, token: token ?? null });
  };

  return (
    <SignInCard title="Sign in">
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
      <p style={{ marginTop: 16, marginBottom: 0 }}>
        Don&apos;t have an account? <Link to={`/user-registration${search}`}>Create an account</Link>
      </p>
    </SignInCard>
  );
}
