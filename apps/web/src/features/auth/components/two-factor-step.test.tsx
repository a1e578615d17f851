import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { twoFactorMessages } from '@syrx/contracts/two-factor';
import { type RecordedCall, adaUser, installFakeApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 30_000 });

const isSignIn = (call: RecordedCall) => call.method === 'POST' && call.path === '/api/Login';
const codeOf = (call: RecordedCall) => (call.body as { totp_code?: string }).totp_code;

/** The server's side: the password is right; a code is needed; only 123456 or the recovery code abcde-fghjk signs in. */
function twoFactorServer() {
  const api = installFakeApi({
    handlers: [
      (call) => {
        if (!isSignIn(call)) return undefined;
        const code = codeOf(call);
        if (!code) return { status: 401, body: { code: 'totp_required', message: twoFactorMessages.required } };
        if (code !== '123456' && code !== 'abcde-fghjk') return { status: 401, body: { code: 'totp_invalid', message: twoFactorMessages.invalid } };
        api.signIn(adaUser);
        return { status: 200, body: adaUser };
      },
    ],
  });
  return api;
}

async function passwordStep(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Username'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByRole('region', { name: 'Two-factor sign-in' })).toBeInTheDocument();
}

describe('two-factor sign-in on the sign-in page', () => {
  it('asks for the code as a second step when the server answers totp_required, shows a refusal, then signs in', async () => {
    const api = twoFactorServer();
    const { user, location } = renderApp('/login?next=%2Fprojects');
    await passwordStep(user);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(twoFactorMessages.invalid);

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/projects'));
    // Each try sends the first step's request again with the code.
    expect(api.calls.filter(isSignIn).map((c) => c.body)).toEqual([
      { username: 'ada@example.com', password: 'correct horse', token: null },
      { username: 'ada@example.com', password: 'correct horse', token: null, totp_code: '654321' },
      { username: 'ada@example.com', password: 'correct horse', token: null, totp_code: '123456' },
    ]);
  });

  it('offers a recovery code instead, and goes back to the password', async () => {
    const api = twoFactorServer();
    const { user, location } = renderApp('/login');
    await passwordStep(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    await passwordStep(user);

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(await screen.findByLabelText('Recovery code'), ' abcde-fghjk ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toBe('/home'));
    expect(codeOf(api.calls.filter(isSignIn).at(-1) as RecordedCall)).toBe('abcde-fghjk');
  });
});
