import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { type Handler, installFakeApi } from '../../../testing/fake-api';
import { account, accountsManager, fakeAccountsServer } from '../../../testing/fake-accounts';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 30_000 });

function open(path: string, overrides: Handler[] = []) {
  const server = fakeAccountsServer(overrides);
  server.state.accounts = [account(1, { name: 'Main building', num: '4410-22' })];
  const api = installFakeApi({ user: accountsManager, handlers: [server.handler] });
  return { server, api, ...renderApp(path) };
}

/** Picks an option of an antd select by typing part of it and clicking the option. */
async function choose(user: UserEvent, label: string, typed: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  await user.click(box);
  await user.type(box, typed);
  await user.click(await screen.findByTitle(option));
}

const posted = (calls: { method: string; path: string; body: unknown }[], method: string, path: string) => calls.find((c) => c.method === method && c.path === path)?.body;

describe('account editor', () => {
  it('adds an account to the current group after the form\'s checks, the time zone following the station', async () => {
    const { user, api, location } = open('/admin/groups/accounts/editor');
    const add = await screen.findByRole('button', { name: 'Save' }, { timeout: 8000 });
    expect(screen.getByText('Add Account')).toBeInTheDocument();
    expect(screen.getByText('The account is added to Acme Buildings.')).toBeInTheDocument();
    await user.click(add);
    for (const message of ['Name is required', 'Choose electric or gas', 'Choose a weather station', 'Choose a time zone', 'Enter a building square footage above 0', 'Enter a utility cost per unit of 0 or more']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }

    await user.type(screen.getByLabelText('Name'), 'Chicago office');
    // antd's radio buttons take the click on their label.
    await user.click(screen.getByText('Gas'));
    expect(screen.getByRole('radio', { name: 'Gas' })).toBeChecked();
    await choose(user, 'Weather station', 'KORD', "KORD – Chicago, IL – O'Hare International");
    await waitFor(() => expect(screen.getByTitle('America/Chicago')).toBeInTheDocument());
    await user.type(screen.getByLabelText('Building square footage (sqft)'), '8200');
    await user.type(screen.getByLabelText('Utility cost per unit ($/kWh)'), '1.005');
    await user.click(add);
    expect(await screen.findByText('Enter a cost in steps of 0.01')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Utility cost per unit ($/kWh)'));
    await user.type(screen.getByLabelText('Utility cost per unit ($/kWh)'), '1.01');
    await user.click(add);

    await waitFor(() => expect(location()).toBe('/admin/groups/accounts'));
    expect(posted(api.calls, 'POST', '/api/v2/accounts')).toEqual({
      name: 'Chicago office', num: null, type: 'gas', weatherstation_id: 2, timezone: 'America/Chicago', group_id: 2, buildingSquareFootage: 8200, utilityCostPerUnit: 1.01,
    });
    expect(await screen.findByRole('article', { name: 'Chicago office' }, { timeout: 8000 })).toBeInTheDocument();
  });

  it('shows the server\'s reasons: under the field for a 400, above the form otherwise', async () => {
    let refusal = { status: 400, body: { code: 'validation_failed', message: 'The request has invalid or missing fields.', fields: [{ field: 'timezone', message: 'This is not an IANA time zone' }] } };
    const { user } = open('/admin/groups/accounts/editor/1', [(c) => (c.method === 'PUT' ? refusal : undefined)]);
    const save = await screen.findByRole('button', { name: 'Save' }, { timeout: 8000 });
    await user.click(save);
    expect(await screen.findByText('This is not an IANA time zone')).toBeInTheDocument();

    refusal = { status: 403, body: { code: 'forbidden', message: 'Changing building meter accounts needs the permission accounts_manage or groups_manage.', fields: [] } };
    await user.click(save);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not saved');
    expect(alert).toHaveTextContent('Changing building meter accounts needs the permission accounts_manage or groups_manage.');
  });

  it('edits an account without the starting size and cost, and deletes one after confirmation', async () => {
    const { user, api, location, server } = open('/admin/groups/accounts/editor/1');
    const name = await screen.findByLabelText('Name', {}, { timeout: 8000 });
    expect(screen.getByText('Edit Account')).toBeInTheDocument();
    expect(name).toHaveValue('Main building');
    expect(screen.getByLabelText('Account number')).toHaveValue('4410-22');
    expect(screen.queryByLabelText('Building square footage (sqft)')).not.toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Main building (north)');
    await user.clear(screen.getByLabelText('Account number'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/admin/groups/accounts'));
    expect(posted(api.calls, 'PUT', '/api/v2/accounts/1')).toEqual({ name: 'Main building (north)', num: null, type: 'electric', weatherstation_id: 1, timezone: 'America/New_York' });

    await user.click(within(await screen.findByRole('article', { name: 'Main building (north)' }, { timeout: 8000 })).getByRole('button', { name: /Edit/ }));
    await user.click(await screen.findByRole('button', { name: /Delete/ }, { timeout: 8000 }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the account Main building (north)?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location()).toBe('/admin/groups/accounts'));
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/v2/accounts/1')).toBe(true);
    expect(server.state.accounts).toEqual([]);
    expect(await screen.findByText('Acme Buildings has no building meter accounts yet.', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('says when the account cannot be loaded', async () => {
    open('/admin/groups/accounts/editor/77');
    expect(await screen.findByText('The account could not be loaded', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('The account was not found.')).toBeInTheDocument();
  });
});
