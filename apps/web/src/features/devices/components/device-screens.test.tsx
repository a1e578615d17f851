import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { acknowledgement, dataResponse } from '@syrx/contracts/realtime';
import { type RecordedCall, installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId, fakeControllerServer } from '../../../testing/fake-controllers';
import { fakeDeviceServer } from '../../../testing/fake-devices';
import { connectedSocket } from '../../../testing/fake-socket';
import { renderApp } from '../../../testing/render-app';

// Whole-app renders with antd in jsdom take seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const devices = `/admin/syrx-controllers/${controllerId}/devices`;
const api = `/api/SyrxControllers/${controllerId}`;
const callsTo = (calls: RecordedCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.path.split('?')[0] === path);
const button = (name: string) => screen.getByText(name, { selector: 'button span' }).closest('button') as HTMLButtonElement;

describe('devices live view', () => {
  it('disables every action while the agent is disconnected, then reloads points with a message', async () => {
    const fake = installFakeApi({ user: adminUser, handlers: [fakeDeviceServer().handler, fakeControllerServer().handler] });
    const socket = connectedSocket();
    socket.agentConnected = false;
    const { user } = renderApp(devices, { socket });

    expect(await screen.findByText('EMS-1')).toBeInTheDocument();
    for (const name of ['Reload device', 'Reload points', 'Ignore', 'Discover devices']) {
      expect(button(name)).toBeDisabled();
      expect(button(name)).toHaveAttribute('title', 'Inactive while disconnected from agent');
    }
    socket.serverEmit('server/client/agentStatus', { syrxControllerId: controllerId, connected: true });
    await waitFor(() => expect(button('Reload points')).toBeEnabled());
    expect(screen.queryByText('Unignore')).not.toBeInTheDocument();

    await user.click(button('Reload points'));
    expect(await screen.findByText('Points of EMS-1 reloaded: 2000 points, 2000 appeared, 0 disappeared')).toBeInTheDocument();
    expect(callsTo(fake.calls, 'POST', `${api}/bacnet-devices/4/reload-points`)).toHaveLength(1);
    // The first page asked hides unavailable devices (spec 01 section 9).
    expect(fake.calls.find((c) => c.path.startsWith(`${api}/bacnet-devices?`))?.path).toContain('showUnavailable=false');
  });

  it('shows a failed action as an error message', async () => {
    const refuse = (c: RecordedCall) => (c.path.endsWith('/ignored') ? { status: 403, body: { code: 'forbidden', message: 'You do not have permission to do this.' } } : undefined);
    installFakeApi({ user: adminUser, handlers: [fakeDeviceServer([refuse]).handler, fakeControllerServer().handler] });
    const { user } = renderApp(devices, { socket: connectedSocket() });

    await waitFor(() => expect(button('Ignore')).toBeEnabled());
    await user.click(button('Ignore'));
    expect(await screen.findByText('Ignore of EMS-1 failed: You do not have permission to do this.')).toBeInTheDocument();
  });
});

describe('discovery dialog', () => {
  it('lists devices as their I-Am arrives, marks known ones and submits only the chosen new ones', async () => {
    const fake = installFakeApi({ user: adminUser, handlers: [fakeDeviceServer().handler, fakeControllerServer().handler] });
    const socket = connectedSocket();
    const known = { MacAddress: '127.0.10.11:47808', Network: 0, DestinationMacAddress: '0.0.0.0:0', DestinationNetwork: 0, InstanceNumber: 1501 };
    const routed = { MacAddress: '127.0.10.20:47808', Network: 0, DestinationMacAddress: '0b', DestinationNetwork: 1100, InstanceNumber: 2011 };
    let requestId = '';
    socket.onStartRequest = (r) => {
      requestId = String(r.requestId);
      expect(r).toMatchObject({ requestType: 'DiscoverDevices', network: null, syrxControllerId: controllerId });
    };
    const answer = (data: ReturnType<typeof acknowledgement>) => socket.serverEmit('server/client/request-response', { requestId, exception: null, data });
    const { user } = renderApp(devices, { socket });

    await waitFor(() => expect(button('Discover devices')).toBeEnabled());
    await user.click(button('Discover devices'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('dialog-phase')).toHaveTextContent('Running');
    expect(within(dialog).getByText('Cancel')).toBeInTheDocument();
    answer(acknowledgement());
    answer(dataResponse(known, false));
    answer(dataResponse(routed, false));
    expect(await within(dialog).findByText('Already added')).toBeInTheDocument();
    expect(within(dialog).queryByText('Submit')).not.toBeInTheDocument();
    answer(dataResponse([known, routed], true));

    expect(await within(dialog).findByText('Ready for submit')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Add device 2011' })).toBeChecked();
    await user.click(within(dialog).getByText('Submit'));
    expect(await within(dialog).findByText('Done')).toBeInTheDocument();
    expect(within(dialog).getByText('Close')).toBeInTheDocument();
    expect(within(dialog).getByRole('log')).toHaveTextContent('1 device added; their properties are read in the background');
    expect(callsTo(fake.calls, 'POST', `${api}/syrx-controller-bacnet-devices`)[0]?.body).toEqual([
      { mac_address: '127.0.10.20:47808', network: 0, instance_number: 2011, destination_mac_address: '0b', destination_network: 1100 },
    ]);
  });
});

describe('add BACnet device', () => {
  it('toasts a device that exists, then adds it with the default addressing and returns to the list', async () => {
    let conflict = true;
    const refuseOnce = (c: RecordedCall) =>
      c.method === 'POST' && conflict ? ((conflict = false), { status: 409, body: { code: 'conflict', message: 'exists' } }) : undefined;
    const fake = installFakeApi({ user: adminUser, handlers: [fakeDeviceServer([refuseOnce]).handler, fakeControllerServer().handler] });
    const { user, location } = renderApp(`${devices}/add`);

    expect(await screen.findByText('Add BACnet device')).toBeInTheDocument();
    expect(screen.getByLabelText('Network')).toHaveValue('0');
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    await user.type(screen.getByLabelText('MAC address'), '127.0.10.11:47808');
    await user.type(screen.getByLabelText('Instance number'), '1501');
    await user.click(button('Add device'));
    expect(await screen.findByText("The provided BACnet device already exists, it can't be re-added")).toBeInTheDocument();

    await user.click(button('Add device'));
    await waitFor(() => expect(location()).toBe(devices));
    expect(callsTo(fake.calls, 'POST', `${api}/syrx-controller-bacnet-devices`)[1]?.body).toEqual({
      mac_address: '127.0.10.11:47808', network: 0, instance_number: 1501, destination_mac_address: '0.0.0.0:0', destination_network: 0,
    });
  });
});
