import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installFakeApi } from '../../../testing/fake-api';
import { account, accountsManager, fakeAccountsServer } from '../../../testing/fake-accounts';
import { renderApp } from '../../../testing/render-app';
import { retype } from '../../../testing/user-steps';

vi.setConfig({ testTimeout: 30_000 });

const entry = (id: number, effective_date: string, value: number, note: string | null = null) => ({ id, account_id: 1, effective_date, value, note });

function open(user = accountsManager) {
  const server = fakeAccountsServer();
  server.state.accounts = [
    account(1, {
      name: 'Main building', num: '4410-22',
      account_size_normalizations: [entry(11, '2024-01-15', 13_000), entry(12, '2999-01-01', 99_999)],
      account_price_normalizations: [entry(21, '2024-06-01', 0.16, 'New tariff')],
    }),
    account(2, { name: 'Boiler plant', num: null, type: 'gas', initial_price_normalization: 1.05 }),
    account(3, { name: 'Elsewhere', group_id: 9 }),
  ];
  const api = installFakeApi({ user, handlers: [server.handler] });
  return { server, api, ...renderApp('/admin/groups/accounts') };
}

const card = (name: string) => screen.findByRole('article', { name }, { timeout: 8000 });

describe('building meter account cards', () => {
  it('shows the current group\'s accounts with the size and cost in force today', async () => {
    const { api } = open();
    const main = await card('Main building');
    expect(screen.getByRole('heading', { name: 'Building meter accounts' })).toBeInTheDocument();
    expect(screen.getByText('Accounts of Acme Buildings')).toBeInTheDocument();
    for (const text of ['4410-22', 'Electric', 'KBOS – Boston, MA – Logan International', 'America/New_York', '13,000 sqft', '$0.16/kWh']) {
      expect(within(main).getAllByText(text).length).toBeGreaterThan(0);
    }
    const gas = await card('Boiler plant');
    for (const text of ['—', '12,500 sqft', '$1.05/kWh']) expect(within(gas).getByText(text)).toBeInTheDocument();
    expect(within(gas).getAllByText('Gas').length).toBeGreaterThan(0);
    expect(screen.queryByRole('article', { name: 'Elsewhere' })).not.toBeInTheDocument();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /api/v2/accounts/for-group/2');
  });

  it('leads to the editor from New account and Edit', async () => {
    const { user, location } = open();
    await user.click(within(await card('Boiler plant')).getByRole('button', { name: /Edit/ }));
    await waitFor(() => expect(location()).toBe('/admin/groups/accounts/editor/2'));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }, { timeout: 8000 }));
    await user.click(await screen.findByRole('button', { name: /New account/ }, { timeout: 8000 }));
    await waitFor(() => expect(location()).toBe('/admin/groups/accounts/editor'));
  });

  it('opens the history modal with both histories, adds a size and a price entry, and hides again', async () => {
    const { user, api, server } = open();
    await user.click(within(await card('Main building')).getByRole('button', { name: /History/ }));
    const dialog = await screen.findByRole('dialog', { name: 'History of Main building' });
    const sizes = within(dialog).getByRole('table', { name: 'Building size entries' });
    expect(within(sizes).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['01/15/202413,000 sqft', '01/01/299999,999 sqft']);
    expect(within(dialog).getByText('At creation: 12,500 sqft')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('table', { name: 'Utility cost entries' })).getByText('New tariff')).toBeInTheDocument();

    const sizeForm = within(dialog).getByRole('form', { name: 'Add a building size entry' });
    await user.click(within(sizeForm).getByRole('button', { name: 'Add size entry' }));
    expect(await within(sizeForm).findByText('Enter the effective date as YYYY-MM-DD')).toBeInTheDocument();
    expect(within(sizeForm).getByText('Enter a building square footage above 0')).toBeInTheDocument();
    fireEvent.change(within(sizeForm).getByLabelText('Effective date'), { target: { value: '2025-03-01' } });
    await user.type(within(sizeForm).getByLabelText('Size (sqft)'), '14000');
    await user.type(within(sizeForm).getByLabelText('Note'), 'East wing');
    await user.click(within(sizeForm).getByRole('button', { name: 'Add size entry' }));
    await waitFor(() => expect(within(sizes).getAllByRole('row')).toHaveLength(4));
    expect(within(sizes).getByText('03/01/2025')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/v2/account-size-normalizations')?.body).toEqual({ account_id: 1, effective_date: '2025-03-01', value: 14_000, note: 'East wing' });
    // The form is empty again for the next entry.
    expect(within(sizeForm).getByLabelText('Note')).toHaveValue('');

    const priceForm = within(dialog).getByRole('form', { name: 'Add a utility cost entry' });
    fireEvent.change(within(priceForm).getByLabelText('Effective date'), { target: { value: '2025-04-01' } });
    await user.type(within(priceForm).getByLabelText('Cost ($/kWh)'), '0.125');
    await user.click(within(priceForm).getByRole('button', { name: 'Add price entry' }));
    expect(await within(priceForm).findByText('Enter a cost in steps of 0.01')).toBeInTheDocument();
    await retype(user, within(priceForm).getByLabelText('Cost ($/kWh)'), '0.18');
    await user.click(within(priceForm).getByRole('button', { name: 'Add price entry' }));
    await waitFor(() => expect(server.state.accounts[0]?.account_price_normalizations).toHaveLength(2));
    expect(await within(dialog).findByText('$0.18/kWh')).toBeInTheDocument();

    // The footer's Close (the title bar's X has the same name).
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'History of Main building' })).not.toBeInTheDocument());
    // The card follows: the cost in force today is the latest entry's.
    expect(within(await card('Main building')).getByText('$0.18/kWh')).toBeInTheDocument();
  });

  it('shows the server\'s reason under the field when an entry is refused', async () => {
    const refusal = { status: 400, body: { code: 'validation_failed', message: 'The request has invalid or missing fields.', fields: [{ field: 'effective_date', message: 'Enter the effective date as YYYY-MM-DD' }] } };
    const server = fakeAccountsServer([(c) => (c.path === '/api/v2/account-price-normalizations' ? refusal : undefined)]);
    server.state.accounts = [account(1, { name: 'Main building' })];
    installFakeApi({ user: accountsManager, handlers: [server.handler] });
    const { user } = renderApp('/admin/groups/accounts');
    await user.click(within(await card('Main building')).getByRole('button', { name: /History/ }));
    const priceForm = await screen.findByRole('form', { name: 'Add a utility cost entry' });
    fireEvent.change(within(priceForm).getByLabelText('Effective date'), { target: { value: '2025-04-01' } });
    await user.type(within(priceForm).getByLabelText('Cost ($/kWh)'), '0.2');
    await user.click(within(priceForm).getByRole('button', { name: 'Add price entry' }));
    expect(await within(priceForm).findByText('Enter the effective date as YYYY-MM-DD')).toBeInTheDocument();
  });

  it('lets a user without accounts_manage or groups_manage look but not change', async () => {
    const { user } = open({ ...accountsManager, permissions: ['projects_manage'] });
    const main = await card('Main building');
    expect(within(main).getByRole('button', { name: /Edit/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /New account/ })).toBeDisabled();
    await user.click(within(main).getByRole('button', { name: /History/ }));
    const dialog = await screen.findByRole('dialog', { name: 'History of Main building' });
    expect(within(dialog).getByRole('table', { name: 'Building size entries' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('form')).not.toBeInTheDocument();
  });

  it('asks for a current group when the user has none', async () => {
    installFakeApi({ user: { ...accountsManager, commissioning_group: null }, handlers: [fakeAccountsServer().handler] });
    renderApp('/admin/groups/accounts');
    expect(await screen.findByText('Choose a current group to see its building meter accounts.', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
