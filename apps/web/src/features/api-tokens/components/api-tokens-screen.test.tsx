import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ApiToken } from '@syrx/contracts/api-tokens';
import { type RecordedCall, adaUser, installFakeApi } from '../../../testing/fake-api';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 30_000 });

const base = '/api/v2/users/me/tokens';
const secret = 'syrx_OnlyShownOnceOnlyShownOnceOnlyShownOnce12';

/** The server's side of the tokens: a list, creation (the secret in that answer only) and revocation. */
function tokensServer() {
  const tokens: ApiToken[] = [
    { id: 1, name: 'Nightly export', created_at: '2026-01-05T10:00:00.000Z', expires_at: null, last_used_at: '2026-01-06T03:00:00.000Z' },
  ];
  const handler = (call: RecordedCall) => {
    if (call.method === 'GET' && call.path === base) return { status: 200, body: tokens };
    if (call.method === 'POST' && call.path === base) {
      const body = call.body as { name: string; expires_in_days: number | null };
      const token: ApiToken = { id: 2, name: body.name, created_at: '2026-01-07T09:00:00.000Z', expires_at: '2026-04-07T09:00:00.000Z', last_used_at: null };
      tokens.push(token);
      return { status: 201, body: { ...token, token: secret } };
    }
    if (call.method === 'DELETE' && call.path.startsWith(`${base}/`)) {
      tokens.splice(tokens.findIndex((t) => call.path.endsWith(`/${t.id}`)), 1);
      return { status: 204 };
    }
    return undefined;
  };
  return { tokens, api: installFakeApi({ user: adaUser, handlers: [handler] }) };
}

describe('API tokens screen', () => {
  it('lists the tokens without secrets, creates one showing its token once, and revokes one after confirmation', async () => {
    const { api } = tokensServer();
    const { user } = renderApp('/account/api-tokens');
    const grid = await screen.findByRole('table', { name: 'API tokens' }, { timeout: 10_000 });
    const nightly = (await within(grid).findByText('Nightly export')).closest('tr') as HTMLElement;
    expect(within(nightly).getByText('Never')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a name')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Deploy script');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByTestId('created-token')).toHaveTextContent(secret);
    expect(within(dialog).getByText('Copy the token now: it will not be shown again.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST' && c.path === base)?.body).toEqual({ name: 'Deploy script', expires_in_days: 90 });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(grid).findByText('Deploy script')).toBeInTheDocument();
    expect(screen.queryByText(secret)).not.toBeInTheDocument();

    await user.click(within(nightly).getByRole('button', { name: 'Revoke' }));
    const question = (await screen.findByText('Revoke the token "Nightly export"?')).closest('.ant-popover') as HTMLElement;
    expect(within(question).getByText('Scripts that use it stop working at once.')).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(grid).queryByText('Nightly export')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === `${base}/1`)).toBe(true);
  });
});
