import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { dataResponse, exceptionResponse } from '@syrx/contracts/realtime';
import { type RecordedCall, installFakeApi } from '../../../testing/fake-api';
import { adminUser, controllerId, fakeControllerServer } from '../../../testing/fake-controllers';
import { emsDevice, fakeDeviceServer } from '../../../testing/fake-devices';
import { connectedSocket } from '../../../testing/fake-socket';
import { renderApp } from '../../../testing/render-app';

vi.setConfig({ testTimeout: 20_000 });

const area = `/admin/syrx-controllers/${controllerId}`;
const button = (name: string, within_: HTMLElement = document.body) =>
  within(within_).getByText(name, { selector: 'button span' }).closest('button') as HTMLButtonElement;
const reply = (socket: ReturnType<typeof connectedSocket>, requestId: unknown, data: ReturnType<typeof dataResponse>) =>
  queueMicrotask(() => socket.serverEmit('server/client/request-response', { requestId, exception: data.IsException ? data.ExceptionMessage : null, data }));

describe('reload dialog', () => {
  it('reloads devices over the socket: a device error makes it unavailable, and Submit saves both', async () => {
    const cp = { ...emsDevice, id: 5, instance_number: 1201, name: 'CP-1', mac_address: '127.0.10.12:47808' };
    const server = fakeDeviceServer([(c: RecordedCall) => (c.method === 'PATCH' ? { status: 200, body: [] } : undefined)]);
    server.state.devices = [emsDevice, cp];
    const fake = installFakeApi({ user: adminUser, handlers: [server.handler, fakeControllerServer().handler] });
    const socket = connectedSocket();
    socket.onStartRequest = (r) => {
      expect(r.requestType).toBe('ReloadDevice');
      const answer = r.instanceNumber === 1501
        ? dataResponse({ name: 'EMS-1', vendor_name: 'Veris Industries', description: 'Power monitor', model_name: 'E34', database_revision: 27 }, true)
        : exceptionResponse('BacnetTimeout', 'The device did not answer in time');
      reply(socket, r.requestId, answer);
    };
    const { user } = renderApp(`${area}/devices`, { socket });

    await waitFor(() => expect(button('Reload devices')).toBeEnabled());
    await user.click(button('Reload devices'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Ready for submit')).toBeInTheDocument();
    expect(within(dialog).getByText('unavailable')).toBeInTheDocument();
    expect(within(dialog).getByRole('log')).toHaveTextContent('CP-1: BacnetTimeout: The device did not answer in time');
    await user.click(button('Submit', dialog));
    expect(await within(dialog).findByText('Done')).toBeInTheDocument();
    expect(fake.calls.find((c) => c.method === 'PATCH')?.body).toEqual([
      { id: 4, name: 'EMS-1', vendor_name: 'Veris Industries', description: 'Power monitor', model_name: 'E34', database_revision: 27, status: 'available' },
      { id: 5, status: 'unavailable' },
    ]);
  });

  it('reloads points with progress, then uploads them in batches of 500 and tells what changed', async () => {
    const fake = installFakeApi({
      user: adminUser,
      handlers: [
        (c) => (c.path === '/api/bacnet-devices/4/bacnet-points/begin' ? { status: 201, body: { upload_id: 9 } } : undefined),
        (c) => (c.path === '/api/bacnet-devices/4/bacnet-points/complete' ? { status: 200, body: { total: 1200, appeared: 1199, disappeared: 1, reappeared: 0 } } : undefined),
        (c) => (c.method === 'POST' && c.path === '/api/bacnet-devices/4/bacnet-points' ? { status: 204 } : undefined),
        fakeDeviceServer().handler,
        fakeControllerServer().handler,
      ],
    });
    const socket = connectedSocket();
    const points = Array.from({ length: 1200 }, (_, i) => ({ object_type: 0, instance_number: i + 1, name: `AI ${i + 1}`, units: 62 }));
    let requestId: unknown;
    socket.onStartRequest = (r) => {
      expect(r).toMatchObject({ requestType: 'ReloadPoints', instanceNumber: 1501, macAddress: emsDevice.mac_address, destinationMacAddress: null, maxPoints: 2000 });
      requestId = r.requestId;
      reply(socket, r.requestId, dataResponse({ phase: 'properties', done: 600, total: 1200 }, false));
    };
    const { user } = renderApp(`${area}/devices/4`, { socket });

    await waitFor(() => expect(button('Reload points')).toBeEnabled());
    await user.click(button('Reload points'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Reading the points: 600 of 1200')).toBeInTheDocument();
    reply(socket, requestId, dataResponse({ database_revision: 27, object_count: 1200, truncated: false, points }, true));
    expect(await within(dialog).findByText('1200 points were read', { selector: 'strong' })).toBeInTheDocument();
    await user.click(button('Submit', dialog));
    expect(await within(dialog).findByText('Done')).toBeInTheDocument();
    expect(within(dialog).getByRole('log')).toHaveTextContent('Saved 1200 points: 1199 appeared, 1 disappeared, 0 reappeared');
    const batches = fake.calls.filter((c) => c.method === 'POST' && c.path === '/api/bacnet-devices/4/bacnet-points');
    expect(batches.map((b) => (b.body as { points: unknown[] }).points.length)).toEqual([500, 500, 200]);
    expect(fake.calls.find((c) => c.path.endsWith('/begin'))?.body).toEqual({ database_revision: 27, source: 'user' });
  });
});
