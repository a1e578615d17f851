import { App, Button, Space } from 'antd';
import type { UseMutationResult } from '@tanstack/react-query';
import { type UserDetail, userMessages } from '@syrx/contracts/users';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/session';
import { useUserAction } from '../api/users';
import { displayName } from '../utils/user-names';

type Action = UseMutationResult<UserDetail, Error, void>;

/** Deactivate (confirmed), Activate (confirmed) and, for an invited user, Resend invitation. */
export function UserActions({ user }: { user: UserDetail }) {
  const { modal, message } = App.useApp();
  const me = useCurrentUser();
  const deactivate = useUserAction(user.id, 'deactivate');
  const activate = useUserAction(user.id, 'activate');
  const resend = useUserAction(user.id, 'resendInvitation');
  const name = displayName(user);

  const run = async (action: Action, done: string) => {
    try {
      await action.mutateAsync();
      void message.success(done);
    } catch (error) {
      void message.error(error instanceof ApiError ? error.body.message : String(error));
    }
  };
  const confirm = (title: string, content: string, okText: string, action: Action, done: string): void => {
    modal.confirm({ title, content, okText, okButtonProps: { danger: okText === 'Deactivate' }, onOk: () => run(action, done) });
  };

  const self = user.id === me.id;
  return (
    <Space>
      {user.status === 'invited' && (
        <Button loading={resend.isPending} onClick={() => void run(resend, `A new invitation was sent to ${user.email ?? user.username}`)}>
          Resend invitation
        </Button>
      )}
      {user.status === 'deactivated' ? (
        <Button onClick={() => confirm(`Activate ${name}?`, 'They can sign in again with their password.', 'Activate', activate, `${name} was activated`)}>Activate</Button>
      ) : (
        <Button
          danger
          disabled={self}
          title={self ? userMessages.deactivateSelf : undefined}
          onClick={() =>
            confirm(
              `Deactivate ${name}?`,
              'They are signed out at once, and can neither sign in nor use their API tokens until they are activated again.',
              'Deactivate', deactivate, `${name} was deactivated`,
            )
          }
        >
          Deactivate
        </Button>
      )}
    </Space>
  );
}
