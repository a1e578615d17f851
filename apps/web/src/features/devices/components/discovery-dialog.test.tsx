import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { acknowledgement, dataResponse } from '@syrx/contracts/realtime';
import { installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId, fakeControllerServer } from '../../../testing/fake-controllers';
import { fakeDeviceServer } from '../../../testing/fake-devices';
import { connectedSocket } from '../../../testing/fake-socket';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

const device = (instance: number, host: number) => ({ MacAddress: `127.0.10.${host}:47808`, Network: 0, DestinationMacAddress: '0.0.0.0:0', DestinationNetwork: 0, InstanceNumber: instance });

describe('after discovery', () => {
  it('says how many devices are new and adds them all as its primary action, unticked ones too', async () => {
    const fake = installFakeApi({ user: adminUser, handlers: [fakeDeviceServer().handler, fakeControllerServer().handler] });
    const socket = connectedSocket();
    let requestId = '';
    socket.onStartRequest = (r) => {
      requestId = String(r.requestId);
    };
    const { user } = renderApp(`/admin/syrx-controllers/${controllerId}/devices`, { socket });
    // Role queries are slow on this page in jsdom: buttons are found by their text.
    const discover = (await screen.findByText('Discover devices', { selector: 'button span' }, { timeout: 8000 })).closest('button') as HTMLButtonElement;
    await waitFor(() => expect(discover).toBeEnabled());
    await user.click(discover);
    const dialog = await screen.findByRole('dialog');
    // 1501 is the controller's already (EMS-1); 2011 and 2012 are new.
    const found = [device(1501, 11), device(2011, 20), device(2012, 21)];
    socket.serverEmit('server/client/request-response', { requestId, exception: null, data: acknowledgement() });
    socket.serverEmit('server/client/request-response', { requestId, exception: null, data: dataResponse(found, true) });

    expect(await within(dialog).findByText('Ready for submit')).toBeInTheDocument();
    expect(within(dialog).getByTestId('discovery-summary')).toHaveTextContent('3 devices found, 2 new devices (1 already added), 2 chosen to add');
    expect(within(dialog).getByText('2 new devices are not saved yet: add them to the controller.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Add device 2012' }));
    const inDialog = (name: string) => within(dialog).getByText(name, { selector: 'button span' }).closest('button') as HTMLButtonElement;
    const addAll = inDialog('Add all new devices');
    expect(addAll).toHaveClass('ant-btn-primary');
    expect(inDialog('Submit')).not.toHaveClass('ant-btn-primary');

    await user.click(addAll);
    expect(await within(dialog).findByText('Done')).toBeInTheDocument();
    const posted = fake.calls.find((c) => c.method === 'POST' && c.path === `/api/SyrxControllers/${controllerId}/syrx-controller-bacnet-devices`);
    expect((posted?.body as { instance_number: number }[]).map((d) => d.instance_number)).toEqual([2011, 2012]);
  });
});


describe('the discovery form', () => {
  it('asks for the default quiet period and maximum, then for what the user types; a bad value is named and nothing is sent', async () => {
    installFakeApi({ user: adminUser, handlers: [fakeDeviceServer().handler, fakeControllerServer().handler] });
    const socket = connectedSocket();
    const requests: Record<string, unknown>[] = [];
    socket.onStartRequest = (r) => {
      requests.push(r);
    };
    const { user } = renderApp(`/admin/syrx-controllers/${controllerId}/devices`, { socket });
    const discover = (await screen.findByText('Discover devices', { selector: 'button span' }, { timeout: 8000 })).closest('button') as HTMLButtonElement;
    await waitFor(() => expect(discover).toBeEnabled());
    await user.click(discover);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ requestType: 'DiscoverDevices', network: null, quietSeconds: 1, durationSeconds: 10 });
    const finish = (n: number) => {
      socket.serverEmit('server/client/request-response', { requestId: requests[n]?.requestId, exception: null, data: acknowledgement() });
      socket.serverEmit('server/client/request-response', { requestId: requests[n]?.requestId, exception: null, data: dataResponse([], true) });
    };
    finish(0);
    expect(await within(dialog).findByText('Ready for submit')).toBeInTheDocument();

    const again = within(dialog).getByText('Discover again', { selector: 'button span' }).closest('button') as HTMLButtonElement;
    const quiet = within(dialog).getByRole('textbox', { name: 'Quiet period (s)' });
    const max = within(dialog).getByRole('textbox', { name: 'Maximum (s)' });
    await user.clear(quiet);
    await user.type(quiet, '0');
    await user.click(again);
    expect(await within(dialog).findByText('Quiet period: 0.1 to 60 seconds')).toBeInTheDocument();
    expect(requests).toHaveLength(1);

    await user.clear(quiet);
    await user.type(quiet, '0.5');
    await user.clear(max);
    await user.type(max, '20');
    await user.click(again);
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toMatchObject({ requestType: 'DiscoverDevices', quietSeconds: 0.5, durationSeconds: 20 });
    expect(within(dialog).queryByText('Quiet period: 0.1 to 60 seconds')).not.toBeInTheDocument();
  });
});
