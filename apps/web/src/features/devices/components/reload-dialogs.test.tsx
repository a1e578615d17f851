import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { dataResponse, exceptionResponse } from '@syrx/contracts/realtime';
import { type RecordedCall, type Reply, installFakeApi } from '../../../testing/fake-api';
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

  it('reloads points through the server with progress, then completes the staged upload and tells what changed', async () => {
    const stagePath = `/api/SyrxControllers/${controllerId}/bacnet-devices/4/reload-points/stage`;
    let answerStage: (r: Reply) => void = () => undefined;
    const stageAnswer = new Promise<Reply>((resolve) => {
      answerStage = resolve;
    });
    const fake = installFakeApi({
      user: adminUser,
      handlers: [
        (c) => (c.method === 'POST' && c.path === stagePath ? stageAnswer : undefined),
        (c) => (c.path === '/api/bacnet-devices/4/bacnet-points/complete' ? { status: 200, body: { total: 1200, appeared: 1199, disappeared: 1, reappeared: 0 } } : undefined),
        fakeDeviceServer().handler,
        fakeControllerServer().handler,
      ],
    });
    const socket = connectedSocket();
    socket.onStartRequest = () => {
      throw new Error('the points are not read over the browser socket');
    };
    const { user } = renderApp(`${area}/devices/4`, { socket });

    await waitFor(() => expect(button('Reload points')).toBeEnabled());
    await user.click(button('Reload points'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(fake.calls.some((c) => c.path === stagePath)).toBe(true));
    const { read_id: readId } = fake.calls.find((c) => c.path === stagePath)?.body as { read_id: string };
    const progress = (readId_: string, done: number) => ({ syrxControllerId: controllerId, deviceId: 4, readId: readId_, progress: { phase: 'properties', done, total: 1200 } });
    socket.serverEmit('server/client/point-read-progress', progress('another dialog', 100));
    socket.serverEmit('server/client/point-read-progress', progress(readId, 600));
    expect(await within(dialog).findByText('Reading the points: 600 of 1200')).toBeInTheDocument();
    answerStage({ status: 201, body: { upload_id: 9, database_revision: 27, object_count: 1200, truncated: false, point_count: 1200 } });
    expect(await within(dialog).findByText('1200 points were read', { selector: 'strong' })).toBeInTheDocument();
    await user.click(button('Submit', dialog));
    expect(await within(dialog).findByText('Done')).toBeInTheDocument();
    expect(within(dialog).getByRole('log')).toHaveTextContent('Saved 1200 points: 1199 appeared, 1 disappeared, 0 reappeared');
    expect(fake.calls.find((c) => c.path.endsWith('/complete'))?.body).toEqual({ upload_id: 9 });
    // The browser never uploads the list: no begin, no batches.
    expect(fake.calls.filter((c) => c.path.endsWith('/begin') || c.path === '/api/bacnet-devices/4/bacnet-points')).toEqual([]);
  });

  const silentMessage = 'Device 1101 did not answer, so it is marked unavailable and nothing more was asked of it (BacnetTimeout: The device did not answer).';
  it('shows the server\'s error when the device does not answer (now unavailable), reads the device again, and offers no Submit', async () => {
    const stagePath = `/api/SyrxControllers/${controllerId}/bacnet-devices/4/reload-points/stage`;
    const fake = installFakeApi({
      user: adminUser,
      handlers: [
        (c) => (c.method === 'POST' && c.path === stagePath
          ? { status: 504, body: { code: 'gateway_timeout', message: silentMessage, details: { exception_type: 'BacnetTimeout' } } }
          : undefined),
        fakeDeviceServer().handler,
        fakeControllerServer().handler,
      ],
    });
    const { user } = renderApp(`${area}/devices/4`, { socket: connectedSocket() });
    await waitFor(() => expect(button('Reload points')).toBeEnabled());
    await user.click(button('Reload points'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Error')).toBeInTheDocument();
    expect(within(dialog).getByRole('log')).toHaveTextContent(silentMessage);
    expect(within(dialog).queryByText('Submit', { selector: 'button span' })).toBeNull();
    const errorAt = fake.calls.findIndex((c) => c.path === stagePath);
    await waitFor(() => expect(fake.calls.slice(errorAt + 1).some((c) => c.method === 'GET' && c.path.includes('/bacnet-devices'))).toBe(true));
  });
});
