import { useState } from 'react';
import { Alert, Button, Form, Input, Space } from 'antd';
import type { LoginRequest } from '@syrx/contracts/auth';
import { useSignIn } from '../api/sign-in';
import { loginState } from '../utils/login-state';
import { SignInCard } from './sign-in-card';

interface TwoFactorStepProps {
  /** The first step's request (its password was right); sent again with the code. */
  request: LoginRequest;
  /** Back to the username and password. */
  onBack: () => void;
}

/** The sign-in's second step: the authenticator app's code, or one of the recovery codes. */
export function TwoFactorStep({ request, onBack }: TwoFactorStepProps) {
  const signIn = useSignIn();
  const state = loginState(signIn);
  const [recovery, setRecovery] = useState(false);
  const label = recovery ? 'Recovery code' : 'Authentication code';

  return (
    <SignInCard title="Two-factor sign-in">
      <p style={{ marginTop: 0 }}>
        {recovery ? 'Enter one of the recovery codes you saved. Each code works once.' : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      {(state.kind === 'invalid' || state.kind === 'unknown_error') && (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={state.message} />
      )}
      <Form<{ code: string }>
        key={label}
        layout="vertical"
        requiredMark={false}
        disabled={state.kind === 'attempting'}
        onFinish={({ code }) => signIn.mutate({ ...request, totp_code: code.trim() })}
      >
        <Form.Item label={label} name="code" rules={[{ required: true, whitespace: true, message: `Please enter the ${label.toLowerCase()}` }]}>
          <Input autoComplete="one-time-code" inputMode={recovery ? 'text' : 'numeric'} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={state.kind === 'attempting'}>
          Verify
        </Button>
      </Form>
      <Space style={{ marginTop: 16, justifyContent: 'space-between', width: '100%' }}>
        <Button type="link" style={{ padding: 0 }} onClick={() => { signIn.reset(); setRecovery(!recovery); }}>
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </Button>
        <Button type="link" style={{ padding: 0 }} onClick={onBack}>
          Back
        </Button>
      </Space>
    </SignInCard>
  );
}
