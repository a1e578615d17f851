import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userMessages } from '@syrx/contracts/users';
import type { RecordedCall } from '../../../testing/fake-api';
import { fakeUsersServer, groupsOf, roleOptions, userDetail, usersManager } from '../../../testing/fake-users';
import { renderWithApi } from '../../../testing/render-app';
import { pickOption } from '../../../testing/user-steps';
import { expectTextsIn, queriesTo, rowWithLink, untilLastQueryHas } from '../../../testing/grid-queries';

vi.setConfig({ testTimeout: 40_000 });

const usersList = '/api/v2/users';
const pageCalls = (calls: readonly RecordedCall[]) => queriesTo(calls, usersList);

function open(overrides: Parameters<typeof fakeUsersServer>[0] = []) {
  const server = fakeUsersServer(overrides);
  server.state.users = [
    userDetail(2, 'Bea', 'Zorn', { roles: [roleOptions.roles[0] ?? { id: 3, name: 'Viewers' }], last_sign_in_at: '2026-03-02T14:05:09.000Z' }),
    userDetail(3, 'Cal', 'Young', { status: 'invited', groups: [groupsOf.east, groupsOf.west] }),
    userDetail(4, 'Dee', 'Xu', { status: 'deactivated' }),
  ];
  return { ...renderWithApi('/admin/users', { user: usersManager, handlers: [server.handler], groups: { roots: [{ ...groupsOf.east, has_children: false }, { ...groupsOf.west, has_children: false }] } }), server };
}

describe('users grid', () => {
  it('lists the users with their groups, roles, status and last sign-in, each linking to their editor', async () => {
    const { api } = open();
    const grid = await screen.findByRole('table', { name: 'Users' }, { timeout: 8000 });
    expectTextsIn(await rowWithLink(grid, 'Cal Young'), ['East campus, West campus', 'Invited', 'Never']);
    expect(within(grid).getByRole('link', { name: 'Bea Zorn' })).toHaveAttribute('href', '/admin/users/2');
    expectTextsIn(await rowWithLink(grid, 'Bea Zorn'), ['Viewers', 'Active']);
    expect(within(grid).getByText('Deactivated')).toBeInTheDocument();
    expect(pageCalls(api.calls)[0]?.toString()).toBe('pageNum=1&pageSize=20&sort=name%3Aasc');
  });

  it('sends the filters filled in and the sort of a clicked column', async () => {
    const { api, user } = open();
    await screen.findByRole('link', { name: 'Bea Zorn' }, { timeout: 8000 });
    await user.type(screen.getByRole('searchbox', { name: 'E-mail' }), 'bea{Enter}');
    await untilLastQueryHas(api.calls, usersList, { 'filter[0][field]': 'email', 'filter[0][value]': 'bea' });
    await pickOption(user, 'Status', 'Invited');
    await untilLastQueryHas(api.calls, usersList, { 'filter[1][value]': 'invited', 'filter[1][operator]': 'eq' });
    await user.click(within(screen.getByRole('table', { name: 'Users' })).getByRole('columnheader', { name: /Last sign-in/ }));
    await untilLastQueryHas(api.calls, usersList, { sort: 'last_sign_in_at:desc' });
  });

  it('invites a user into a group with a role, and shows the server’s message under the field it names', async () => {
    const taken = { status: 409, body: { code: 'conflict', message: userMessages.emailTaken, fields: [{ field: 'email', message: userMessages.emailTaken }] } };
    let refuse = true;
    const { api, user } = open([(call) => (call.method === 'POST' && call.path === '/api/v2/users' && refuse ? ((refuse = false), taken) : undefined)]);
    await user.click(await screen.findByRole('button', { name: /Invite user/ }, { timeout: 8000 }));
    // (Its name: jsdom's ids are all "test-id" here, so the title is found by text.)
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Invite user')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(userMessages.groupsRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('E-mail'), 'lee@example.com');
    await user.type(within(dialog).getByLabelText('First name'), 'Lee');
    await user.type(within(dialog).getByLabelText('Last name'), 'Park');
    await user.click(within(dialog).getByRole('combobox', { name: 'Groups' }));
    await user.click(await screen.findByTitle('West campus'));
    await user.click(within(dialog).getByRole('combobox', { name: 'Roles' }));
    await user.click(await screen.findByTitle('Viewers'));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(userMessages.emailTaken)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to lee@example.com')).toBeInTheDocument();
    const invites = api.calls.filter((c) => c.method === 'POST' && c.path === '/api/v2/users');
    expect(invites.at(-1)?.body).toEqual({ email: 'lee@example.com', first_name: 'Lee', last_name: 'Park', group_ids: [groupsOf.west.id], role_ids: [3] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: 'Lee Park' })).toBeInTheDocument();
  });
});
