import { Alert, Button, Form, Result } from 'antd';
import { Link } from 'react-router';
import { passwordLinkMessages } from '@syrx/contracts/passwords';
import { ApiError } from '../../../lib/api-client';
import { useFormFailure } from '../../../lib/form-errors';
import { useResetPassword } from '../api/passwords';
import { type NewPasswordValues, NewPasswordFields } from './new-password-fields';
import { PasswordCard } from './password-card';

const titles = { invitation: 'Choose your password', reset: 'Choose a new password' } as const;

/** The link's problem (unknown, used, expired, a deactivated account): the server names the token field. */
const linkProblem = (error: unknown): string | null =>
  error instanceof ApiError ? (error.body.fields?.find((f) => f.field === 'token')?.message ?? null) : null;

/**
 * /set-password/{token} (an invitation) and /reset-password/{token} (a forgotten password): a new password for the
 * link's account. A used or expired link says so, with the way to a new one.
 */
export function ChoosePasswordPage({ token, purpose }: { token: string; purpose: 'invitation' | 'reset' }) {
  const [form] = Form.useForm<NewPasswordValues>();
  const reset = useResetPassword();
  const failure = useFormFailure(form, ['new_password']);
  const problem = linkProblem(reset.error);

  if (reset.isSuccess) {
    return <Result status="success" title={passwordLinkMessages.passwordSet} extra={<Link to="/login">Go to the login page</Link>} />;
  }
  return (
    <PasswordCard title={titles[purpose]}>
      {problem !== null ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={problem}
          description={<Link to="/forgot-password">Ask for a new link</Link>}
        />
      ) : (
        <Form<NewPasswordValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={reset.isPending}
          onFinish={(values) => {
            failure.clear();
            reset.mutate({ token, new_password: values.new_password }, {
              onError: (error) => {
                if (linkProblem(error) === null) failure.show(error);
              },
            });
          }}
        >
          {failure.alert && <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} title={failure.alert} />}
          <NewPasswordFields />
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            Set password
          </Button>
        </Form>
      )}
    </PasswordCard>
  );
}
