import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { type RecordedCall, adaUser, installFakeApi } from '../testing/fake-api';
import { adminUser, ahuController, controllerId, fakeControllerServer } from '../testing/fake-controllers';
import { renderApp } from '../testing/render-app';

// Whole-app renders with antd in jsdom take seconds on a busy machine.
vi.setConfig({ testTimeout: 15_000 });

const area = '/admin/syrx-controllers';
const base = `/api/SyrxControllers/${controllerId}`;
const calls = (api: { calls: RecordedCall[] }, method: string, path: string) => api.calls.filter((c) => c.method === method && c.path === path);

describe('controller editor', () => {
  it('deletes the BACnet configuration (and with it the BBMD servers) when "No" is saved', async () => {
    const server = fakeControllerServer();
    server.state.connection = { syrx_controller_id: controllerId, ip_address: '10.0.0.5', port_num: 47808, apdu_timeout_ms: 3000, apdu_retries: 3 };
    server.state.bbmd = [{ syrx_controller_id: controllerId, ip_address: '10.0.1.1', ip_mask: '255.255.255.255', port_num: 47808 }];
    const api = installFakeApi({ user: adminUser, handlers: [server.handler] });
    const { user, location } = renderApp(`${area}/${controllerId}/edit`);

    expect(await screen.findByLabelText('BBMD server 1 IP address')).toHaveValue('10.0.1.1');
    await user.click(screen.getByText('No', { exact: true }));
    expect(screen.queryByLabelText('BBMD server 1 IP address')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(location()).toBe(`${area}/${controllerId}`));
    expect(await screen.findByText('Unconfigured')).toBeInTheDocument();
    expect(screen.getByText('No BBMD servers')).toBeInTheDocument();
    expect(calls(api, 'PUT', base)[0]?.body).toEqual({ name: 'AHU controller', description: 'Roof' });
    expect(calls(api, 'DELETE', `${base}/bacnet-connection-configuration`)).toHaveLength(1);
    expect(calls(api, 'PUT', `${base}/bacnet-connection-bbmd-servers`)).toHaveLength(0);
  });

  it('saves the connection and BBMD servers with the default mask and port', async () => {
    const server = fakeControllerServer();
    const api = installFakeApi({ user: adminUser, handlers: [server.handler] });
    const { user, location } = renderApp(`${area}/${controllerId}/edit`);

    await user.click(await screen.findByText('Yes', { exact: true }));
    expect(screen.getByLabelText('Port')).toHaveValue('47808');
    expect(screen.getByLabelText('APDU timeout (ms)')).toHaveValue('3000');
    expect(screen.getByLabelText('APDU retries')).toHaveValue('3');
    await user.type(screen.getByLabelText('IP address'), '10.0.0.500');
    await user.click(screen.getByRole('button', { name: /Add BBMD server/ }));
    expect(screen.getByLabelText('BBMD server 1 mask')).toHaveValue('255.255.255.255');
    await user.type(screen.getByLabelText('BBMD server 1 IP address'), '10.0.1.1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid IPv4 address')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('IP address'));
    await user.type(screen.getByLabelText('IP address'), '10.0.0.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe(`${area}/${controllerId}`));
    expect(calls(api, 'PUT', `${base}/bacnet-connection-configuration`)[0]?.body).toEqual({ ip_address: '10.0.0.5', port_num: 47808, apdu_timeout_ms: 3000, apdu_retries: 3 });
    expect(calls(api, 'PUT', `${base}/bacnet-connection-bbmd-servers`)[0]?.body).toEqual([{ ip_address: '10.0.1.1', ip_mask: '255.255.255.255', port_num: 47808 }]);
  });

  it('shows a new controller its one-time password before its page', async () => {
    const created = { ...ahuController, password: 'agent-password-0123456789' };
    const server = fakeControllerServer([(c) => (c.method === 'POST' && c.path === '/api/SyrxControllers' ? { status: 201, body: created } : undefined)]);
    const api = installFakeApi({ user: adminUser, handlers: [server.handler] });
    const { user, location } = renderApp(`${area}/new`);

    await user.type(await screen.findByLabelText('Name'), 'AHU controller');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('agent-password-0123456789')).toBeInTheDocument();
    expect(screen.getByText('Copy the password now: it will not be shown again.')).toBeInTheDocument();
    expect(calls(api, 'DELETE', `${base}/bacnet-connection-configuration`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Go to the controller' }));
    await waitFor(() => expect(location()).toBe(`${area}/${controllerId}`));
    // The detail's screen is loaded on its first visit (a lazy route): the editor goes once it has rendered.
    await waitFor(() => expect(screen.queryByText('agent-password-0123456789')).not.toBeInTheDocument());
  });
});

describe('enabled services form', () => {
  it('normalises a range on blur, refuses an invalid one and tells when submitting fails', async () => {
    let refuse = true;
    const server = fakeControllerServer([
      (c) => (c.method === 'PUT' && c.path === `${base}/enabled-services` && refuse ? ((refuse = false), { status: 500, body: { code: 'internal', message: 'boom' } }) : undefined),
    ]);
    const api = installFakeApi({ user: adminUser, handlers: [server.handler] });
    const { user, location } = renderApp(`${area}/${controllerId}/services`);

    const updater = await screen.findByRole('checkbox', { name: 'Enable Syrx.UpdaterService' });
    expect(updater).toBeDisabled();
    expect(updater.closest('[title]')).toHaveAttribute('title', 'Syrx.UpdaterService cannot be disabled.');
    await user.click(screen.getByRole('checkbox', { name: 'Enable Syrx.Services.ReportingService' }));
    const version = screen.getByLabelText('Assigned version of Syrx.Services.ReportingService');
    // Offered the current major's range (nothing is published: the built-in 1.0.0's), and what it resolves to.
    expect(version).toHaveValue('>=1.0.0 <2.0.0-0');
    expect(screen.getByTestId('resolves-Syrx.Services.ReportingService')).toHaveTextContent('Resolves to 1.0.0 (built in)');
    await user.clear(version);
    await user.type(version, 'banana');
    await user.tab();
    expect(await screen.findByText('Not a valid semver range')).toBeInTheDocument();
    expect(version).toHaveValue('banana');

    await user.clear(version);
    await user.type(version, '^2.1');
    await user.tab();
    await waitFor(() => expect(version).toHaveValue('>=2.1.0 <3.0.0-0'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('An error occurred attempting to submit the enabled services list')).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe(`${area}/${controllerId}`));
    expect(calls(api, 'PUT', `${base}/enabled-services`)[1]?.body).toEqual([
      { service_id: 'Syrx.UpdaterService', assigned_version: '>=1.0.0 <2.0.0-0' },
      { service_id: 'Syrx.Services.ReportingService', assigned_version: '>=2.1.0 <3.0.0-0' },
    ]);
  });
});

describe('controller area', () => {
  it('sorts the grid on the server and lists the controller in the tree as "group name - name"', async () => {
    const server = fakeControllerServer();
    const api = installFakeApi({ user: adminUser, handlers: [server.handler] });
    const { user } = renderApp(area);

    const tree = await screen.findByRole('navigation', { name: 'Syrx controllers' });
    expect(await within(tree).findByText('Acme Buildings - AHU controller')).toBeInTheDocument();
    expect(within(tree).getByRole('img', { name: 'Status unknown' })).toBeInTheDocument();
    await user.click(await screen.findByText('Name', { selector: '.ant-table-column-title' }));
    await waitFor(() => expect(api.calls.some((c) => c.path.includes('sort=name%3Aasc'))).toBe(true));
    expect(api.calls.every((c) => !c.path.startsWith('/api/SyrxControllers?') || c.path.includes('root_group_id=2'))).toBe(true);
  });

  it('offers the all-groups scope and the changes only to pcs_admin', async () => {
    installFakeApi({ user: adaUser, handlers: [fakeControllerServer().handler] });
    const { user } = renderApp(`${area}/${controllerId}`);

    expect(await screen.findByRole('heading', { name: 'Acme Buildings - AHU controller' })).toBeInTheDocument();
    // getByRole is slow on a page this size in jsdom; the buttons are found by their text.
    for (const name of ['Edit', 'Delete', 'Setup new controller']) expect(screen.getByText(name).closest('button')).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Syrx controller scope' }));
    const allGroups = (await screen.findAllByText('Show Syrx controllers from all groups')).find((e) => e.closest('.ant-select-item-option'));
    expect(allGroups?.closest('.ant-select-item-option')).toHaveClass('ant-select-item-option-disabled');
  });
});

describe('controller registration', () => {
  it('checks the ID, says "Error with Syrx Controller ID or Password" when refused and goes to the list on success', async () => {
    const answers = [
      { status: 400, body: { code: 'bad_request', message: 'Error with Syrx Controller ID or Password' } },
      { status: 200, body: ahuController },
    ];
    const api = installFakeApi({
      user: adaUser,
      handlers: [(c) => (c.method === 'PATCH' ? answers.shift() : undefined), fakeControllerServer().handler],
    });
    const { user, location } = renderApp('/register-syrx-controller');

    expect(await screen.findByRole('heading', { name: 'Register your Syrx controller' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Controller ID' }), 'abc');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Controller ID entered is not a valid UUID')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Controller ID' }));
    await user.type(screen.getByRole('textbox', { name: 'Controller ID' }), controllerId.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Error with Syrx Controller ID or Password')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(location()).toBe(area));
    expect(calls(api, 'PATCH', `/api/BacnetControllers/${controllerId}/register`).map((c) => c.body)).toEqual([
      { syrx_controller_id: controllerId, password: 'pw' },
      { syrx_controller_id: controllerId, password: 'pw' },
    ]);
  });
});
