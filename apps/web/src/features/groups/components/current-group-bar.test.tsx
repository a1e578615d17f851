import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { sessionQueryKey } from '../../../lib/session';
import { adaUser, installFakeApi } from '../../../testing/fake-api';
import { CurrentGroupBar } from './current-group-bar';

const groups = {
  roots: [{ id: 2, name: 'Acme Buildings', has_children: true }],
  '2': [
    { id: 5, name: 'North campus', has_children: false },
    { id: 6, name: 'South campus', has_children: false },
  ],
};

function renderBar() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryKey, adaUser);
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <CurrentGroupBar />
      </App>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('current group bar', () => {
  it('changes the current group through the lazily loaded tree and shows the reloaded session', async () => {
    document.cookie = 'XSRF-TOKEN=csrf-1';
    const api = installFakeApi({
      user: adaUser,
      groups,
      handlers: [
        (call) => {
          if (call.method !== 'POST' || call.path !== '/api/Users/7/CurrentGroup') return undefined;
          api.signIn({ ...adaUser, commissioning_group: { id: 5, name: 'North campus' } });
          return { status: 200, body: api.user };
        },
      ],
    });
    const user = renderBar();
    expect(screen.getByText('Current group:')).toBeInTheDocument();
    expect(screen.getByTestId('current-group-name')).toHaveTextContent('Acme Buildings');

    await user.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change commissioning group' });
    const save = within(dialog).getByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();

    const root = await within(dialog).findByText('Acme Buildings');
    const switcher = root.closest('.ant-tree-treenode')?.querySelector('.ant-tree-switcher');
    if (!(switcher instanceof HTMLElement)) throw new Error('no expander on the root group');
    await user.click(switcher);
    await user.click(await within(dialog).findByText('North campus'));
    expect(save).toBeEnabled();
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('current-group-name')).toHaveTextContent('North campus');
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/v2/groups/getChildrenOf',
      'GET /api/v2/groups/getChildrenOf?id=2',
      'POST /api/Users/7/CurrentGroup',
      'GET /api/Login',
    ]);
    expect(api.calls[2]).toMatchObject({ body: { group_id: 5 }, csrf: 'csrf-1' });
  });

  it("keeps the dialog open with the server's message when saving fails", async () => {
    installFakeApi({
      user: adaUser,
      groups: { roots: [{ id: 9, name: 'Hidden group', has_children: false }] },
      handlers: [(call) => (call.method === 'POST' ? { status: 404, body: { code: 'not_found', message: 'The group was not found.' } } : undefined)],
    });
    const user = renderBar();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change commissioning group' });
    await user.click(await within(dialog).findByText('Hidden group'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The group was not found.');
    expect(screen.getByTestId('current-group-name')).toHaveTextContent('Acme Buildings');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
