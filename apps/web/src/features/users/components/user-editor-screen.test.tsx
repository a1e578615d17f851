import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userMessages } from '@syrx/contracts/users';
import { installFakeApi } from '../../../testing/fake-api';
import { fakeUsersServer, groupsOf, roleOptions, userDetail, usersManager } from '../../../testing/fake-users';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 40_000 });

const viewers = roleOptions.roles[0] ?? { id: 3, name: 'Viewers' };

function open(path: string, overrides: Parameters<typeof fakeUsersServer>[0] = []) {
  const server = fakeUsersServer(overrides);
  server.state.users = [
    userDetail(1, 'Grace', 'Hopper'),
    userDetail(2, 'Bea', 'Zorn', { groups: [groupsOf.east, groupsOf.west], roles: [viewers] }),
    userDetail(3, 'Cal', 'Young', { status: 'invited' }),
  ];
  const api = installFakeApi({ user: usersManager, handlers: [server.handler] });
  return { ...renderApp(path), api, server };
}

describe('user editor', () => {
  it('saves names, roles and group roles per group', async () => {
    const { api, user } = open('/admin/users/2');
    expect(await screen.findByRole('heading', { name: 'User: Bea Zorn' }, { timeout: 10_000 })).toBeInTheDocument();
    const last = screen.getByLabelText('Last name');
    await user.clear(last);
    await user.type(last, 'Zorn-Ito');
    await user.click(screen.getByRole('combobox', { name: 'Group roles in West campus' }));
    await user.click(await screen.findByTitle('Controller managers'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bea Zorn-Ito was saved')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      first_name: 'Bea', last_name: 'Zorn-Ito', group_ids: [groupsOf.east.id, groupsOf.west.id], role_ids: [viewers.id],
      group_roles: [{ group_id: groupsOf.east.id, group_role_ids: [] }, { group_id: groupsOf.west.id, group_role_ids: [21] }],
    });
  });

  it('deactivates after a confirmation, then offers Activate', async () => {
    const { api, user } = open('/admin/users/2');
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }, { timeout: 10_000 }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('Deactivate Bea Zorn?')[0]).toBeInTheDocument();
    expect(api.calls.some((c) => c.path.endsWith('/deactivate'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Bea Zorn was deactivated')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST' && c.path === '/api/v2/users/2/deactivate')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(screen.getByText('Deactivated')).toBeInTheDocument();
  });

  it('offers an invited user a new invitation', async () => {
    const { api, user } = open('/admin/users/3');
    await user.click(await screen.findByRole('button', { name: 'Resend invitation' }, { timeout: 10_000 }));
    expect(await screen.findByText('A new invitation was sent to cal@example.com')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/v2/users/3/resend-invitation')).toBe(true);
  });

  it('keeps Deactivate off for oneself, and shows the server’s refusal of a deactivation', async () => {
    const refusal = { status: 409, body: { code: 'conflict', message: userMessages.lastUserManager } };
    const self = open('/admin/users/1', [(call) => (call.path.endsWith('/2/deactivate') ? refusal : undefined)]);
    const button = await screen.findByRole('button', { name: 'Deactivate' }, { timeout: 10_000 });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', userMessages.deactivateSelf);

    await self.router.navigate('/admin/users/2');
    await screen.findByRole('heading', { name: 'User: Bea Zorn' });
    await self.user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await self.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText(userMessages.lastUserManager)).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
  });

  it('says when the user is not found', async () => {
    open('/admin/users/99');
    expect(await screen.findByRole('heading', { name: 'User not found' }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back to Users' })).toHaveAttribute('href', '/admin/users'));
  });
});
