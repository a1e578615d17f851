import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { passwordLinkMessages } from '@syrx/contracts/passwords';
import { type RecordedCall, adaUser, installFakeApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 30_000 });

const posts = (calls: RecordedCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);
const refusal = (field: string, message: string) => ({ status: 400, body: { code: 'validation_failed', message, fields: [{ field, message }] } });

describe('choosing a password through an e-mailed link', () => {
  it('checks the rule and the confirmation first, shows the server’s message under the field, then says to sign in', async () => {
    const answers = [refusal('new_password', 'This password is too common'), { status: 200, body: { ok: true } }];
    const api = installFakeApi({ handlers: [(call) => (call.path === '/api/v2/auth/reset-password' ? answers.shift() : undefined)] });
    const { user } = renderApp('/set-password/tok123');
    expect(await screen.findByText('Choose your password', {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Use at least 12 characters')).toBeInTheDocument();
    expect(screen.getByText(passwordLinkMessages.mismatch)).toBeInTheDocument();
    expect(posts(api.calls, '/api/v2/auth/reset-password')).toHaveLength(0);

    for (const label of ['New password', 'Confirm password']) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), 'password1234');
    }
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('This password is too common')).toBeInTheDocument();
    for (const label of ['New password', 'Confirm password']) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), 'violet tractor under seven moons');
    }
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(passwordLinkMessages.passwordSet)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute('href', '/login');
    expect(posts(api.calls, '/api/v2/auth/reset-password').at(-1)?.body).toEqual({ token: 'tok123', new_password: 'violet tractor under seven moons' });
  });

  it('says when a reset link has expired, with the way to a new one', async () => {
    installFakeApi({ handlers: [(call) => (call.path === '/api/v2/auth/reset-password' ? refusal('token', passwordLinkMessages.expiredLink) : undefined)] });
    const { user } = renderApp('/reset-password/old');
    expect(await screen.findByText('Choose a new password', {}, { timeout: 10_000 })).toBeInTheDocument();
    for (const label of ['New password', 'Confirm password']) await user.type(screen.getByLabelText(label), 'violet tractor under seven moons');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(passwordLinkMessages.expiredLink);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('a forgotten password', () => {
  it('is reached from the sign-in page and always answers with the same message', async () => {
    const api = installFakeApi({
      handlers: [(call) => (call.path === '/api/v2/auth/forgot-password' ? { status: 202, body: { message: passwordLinkMessages.resetRequested } } : undefined)],
    });
    const { user, location } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }, { timeout: 10_000 }));
    await waitFor(() => expect(location()).toBe('/forgot-password'));
    await user.click(await screen.findByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Please enter your username or e-mail address')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username or e-mail'), ' dana@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(passwordLinkMessages.resetRequested);
    expect(posts(api.calls, '/api/v2/auth/forgot-password')[0]?.body).toEqual({ username: 'dana@example.com' });
  });
});

describe('changing one’s password', () => {
  it('shows a wrong current password under its field, then confirms the change', async () => {
    const answers = [refusal('current_password', passwordLinkMessages.wrongCurrentPassword), { status: 200, body: { ok: true } }];
    const api = installFakeApi({ user: adaUser, handlers: [(call) => (call.path === '/api/v2/auth/password' ? answers.shift() : undefined)] });
    const { user } = renderApp('/account/password');
    expect(await screen.findByRole('heading', { name: 'Change password' }, { timeout: 10_000 })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Current password'), 'not it');
    for (const label of ['New password', 'Confirm password']) await user.type(screen.getByLabelText(label), 'violet tractor under seven moons');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(passwordLinkMessages.wrongCurrentPassword)).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(passwordLinkMessages.passwordChanged);
    expect(posts(api.calls, '/api/v2/auth/password').at(-1)?.body).toEqual({ current_password: 'correct horse battery', new_password: 'violet tractor under seven moons' });
  });
});
