import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { SessionUser } from '@syrx/contracts/auth';
import { twoFactorMessages } from '@syrx/contracts/two-factor';
import { type RecordedCall, adaUser, installFakeApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';
import { retype } from '../../../testing/user-steps';

vi.setConfig({ testTimeout: 30_000 });

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const route = (call: RecordedCall) => `${call.method} ${call.path}`;
const fieldError = (field: string, message: string) => ({ status: 400, body: { code: 'validation_failed', message, fields: [{ field, message }] } });

describe('two-factor sign-in screen', () => {
  it('is the only screen while a group requires it, shows the secret as a QR code and text, and the recovery codes once', async () => {
    const limited: SessionUser = { ...adaUser, totp_enabled: false, totp_setup_required: true };
    let accessExpired = true;
    const api = installFakeApi({
      user: limited,
      handlers: [
        (call) => {
          if (route(call) === 'POST /api/v2/auth/refresh') {
            accessExpired = false;
            return { status: 200, body: { ok: true } };
          }
          if (route(call) !== 'POST /api/v2/auth/totp/setup') return undefined;
          // The access cookie ran out while the page was open: the setup renews the session like any call.
          if (accessExpired) return { status: 401, body: { code: 'unauthenticated', message: 'You are not signed in.' } };
          return { status: 200, body: { secret, otpauth_url: `otpauth://totp/Syrx%20Console:ada?secret=${secret}&issuer=Syrx%20Console` } };
        },
        (call) => {
          if (route(call) !== 'POST /api/v2/auth/totp/enable') return undefined;
          if ((call.body as { code: string }).code !== '123456') return fieldError('code', twoFactorMessages.invalid);
          api.signIn({ ...adaUser, totp_enabled: true, totp_setup_required: false });
          return { status: 200, body: { recovery_codes: codes } };
        },
      ],
    });
    const { user, location } = renderApp('/projects');
    await waitFor(() => expect(location()).toBe('/account/two-factor'));
    expect(await screen.findByText(twoFactorMessages.setupRequired)).toBeInTheDocument();
    expect(screen.queryByTestId('current-group-name')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent(secret);
    expect(api.calls.map(route).filter((r) => r.includes('/auth/'))).toEqual(['POST /api/v2/auth/totp/setup', 'POST /api/v2/auth/refresh', 'POST /api/v2/auth/totp/setup']);
    expect(screen.getByLabelText('QR code of the secret').querySelector('svg')).not.toBeNull();
    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(twoFactorMessages.invalid)).toBeInTheDocument();

    await retype(user, screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(codes);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(location()).toBe('/home'));
  });

  it('turns it off with the password and a code, showing what the server refused under its field', async () => {
    const api = installFakeApi({
      user: { ...adaUser, totp_enabled: true, totp_setup_required: false },
      handlers: [
        (call) => {
          if (route(call) !== 'POST /api/v2/auth/totp/disable') return undefined;
          const body = call.body as { password: string; code: string };
          if (body.password !== 'correct horse') return fieldError('password', twoFactorMessages.wrongPassword);
          api.signIn({ ...adaUser, totp_enabled: false, totp_setup_required: false });
          return { status: 200, body: { ok: true } };
        },
      ],
    });
    const { user } = renderApp('/account/two-factor');
    await user.type(await screen.findByLabelText('Password', {}, { timeout: 10_000 }), 'wrong');
    await user.type(screen.getByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText(twoFactorMessages.wrongPassword)).toBeInTheDocument();

    await retype(user, screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(api.calls.filter((c) => route(c) === 'POST /api/v2/auth/totp/disable').at(-1)?.body).toEqual({ password: 'correct horse', code: '123456' });
  });
});
