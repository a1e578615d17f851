import { describe, expect, it, vi } from 'vitest';
import { acknowledgement, dataResponse, exceptionResponse, inactiveWhileDisconnected } from '@syrx/contracts/realtime';
import { connectedSocket } from '../../testing/fake-socket';
import { RealtimeClient } from './realtime-client';
import { RequestFailedError, RequestStoppedError, exceptionText, readAnswer } from './request-answers';

const controllerId = '7B0E9D4E-2f7a-4c1e-9a7e-0d1f3c5b6a70';
const answer = (requestId: string, data: ReturnType<typeof acknowledgement>) =>
  ['server/client/request-response', { requestId, exception: data.IsException ? data.ExceptionMessage : null, data }] as const;

describe('exception text', () => {
  it('is the message, or "type: message" for a device exception', () => {
    expect(exceptionText('Timeout', 'The controller did not answer in time.')).toBe('The controller did not answer in time.');
    expect(exceptionText('BacnetError', 'BACnet error class 2 code 31')).toBe('BacnetError: BACnet error class 2 code 31');
    expect(exceptionText(null, 'boom')).toBe('boom');
  });

  it('reads an envelope with only an exception as a failure', () => {
    const read = readAnswer({ requestId: 'r', exception: 'Connect to the controller first.', data: null });
    expect(read).toMatchObject({ kind: 'exception', error: { message: 'Connect to the controller first.' } });
  });
});

describe('realtime client', () => {
  it('routes the acknowledgement, intermediate data and final answer to their request only', async () => {
    const socket = connectedSocket();
    const client = new RealtimeClient(socket);
    const seen: unknown[] = [];
    const first = client.request(controllerId, { requestType: 'DiscoverDevices', network: null }, { onData: (d) => seen.push(d) });
    const second = client.request(controllerId, { requestType: 'ReadProperty', macAddress: '10.0.0.5:47808', network: 0, instanceNumber: 5 });

    expect(socket.sent('client/server/start-request')).toEqual([
      { requestType: 'DiscoverDevices', network: null, syrxControllerId: controllerId, requestId: first.requestId },
      { requestType: 'ReadProperty', macAddress: '10.0.0.5:47808', network: 0, instanceNumber: 5, syrxControllerId: controllerId, requestId: second.requestId },
    ]);
    socket.serverEmit(...answer(first.requestId, acknowledgement()));
    socket.serverEmit(...answer(first.requestId, dataResponse({ InstanceNumber: 1 }, false)));
    socket.serverEmit(...answer(second.requestId, dataResponse({ value: 'AHU-1' }, true)));
    socket.serverEmit(...answer(first.requestId, dataResponse([{ InstanceNumber: 1 }], true)));

    await expect(second.result).resolves.toEqual({ value: 'AHU-1' });
    await expect(first.result).resolves.toEqual([{ InstanceNumber: 1 }]);
    expect(seen).toEqual([{ InstanceNumber: 1 }]);
  });

  it('rejects with "type: message" for a device exception and sends a stop-request', async () => {
    const socket = connectedSocket();
    const running = new RealtimeClient(socket).request(controllerId, { requestType: 'ReadProperty', macAddress: '10.0.0.5', network: 0, instanceNumber: 5 });
    socket.serverEmit(...answer(running.requestId, exceptionResponse('BacnetTimeout', 'The device did not answer in time')));

    const error = await running.result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestFailedError);
    expect((error as RequestFailedError).message).toBe('BacnetTimeout: The device did not answer in time');
    expect((error as RequestFailedError).isDeviceException).toBe(true);
    expect(socket.sent('client/server/stop-request')).toEqual([{ requestId: running.requestId }]);
  });

  it('stops a request on Cancel, and fails what is pending when the socket drops', async () => {
    const socket = connectedSocket();
    const client = new RealtimeClient(socket);
    const cancelled = client.request(controllerId, { requestType: 'DiscoverDevices' });
    cancelled.stop();
    await expect(cancelled.result).rejects.toBeInstanceOf(RequestStoppedError);
    expect(socket.sent('client/server/stop-request')).toEqual([{ requestId: cancelled.requestId }]);

    const dropped = client.request(controllerId, { requestType: 'DiscoverDevices' });
    socket.disconnectNow();
    await expect(dropped.result).rejects.toThrow(inactiveWhileDisconnected);
    await expect(client.request(controllerId, { requestType: 'DiscoverDevices' }).result).rejects.toThrow(inactiveWhileDisconnected);
  });

  it('joins a watched controller again after a reconnect and follows its agent status', () => {
    const socket = connectedSocket();
    const client = new RealtimeClient(socket);
    const changed = vi.fn();
    client.subscribe(changed);
    const leave = client.watch(controllerId);

    expect(socket.sent('client/server/connect')).toEqual([{ syrxControllerId: controllerId.toLowerCase() }]);
    expect(client.isAgentConnected(controllerId)).toBe(true);
    socket.serverEmit('server/client/agentStatus', { syrxControllerId: controllerId.toLowerCase(), connected: false });
    expect(client.isAgentConnected(controllerId)).toBe(false);

    socket.disconnectNow();
    expect(client.isServerConnected()).toBe(false);
    socket.connectNow();
    expect(socket.sent('client/server/connect')).toHaveLength(2);
    expect(client.isAgentConnected(controllerId)).toBe(true);
    expect(changed).toHaveBeenCalled();

    leave();
    socket.disconnectNow();
    socket.connectNow();
    expect(socket.sent('client/server/connect')).toHaveLength(2);
  });

  it('tells listeners when a watched controller’s agent comes or goes or its service statuses change', () => {
    const socket = connectedSocket();
    const client = new RealtimeClient(socket);
    const changes = vi.fn();
    const off = client.onControllerChange(changes);
    const report = { statuses: [{ unit: 'syrx-agent.service', active_state: 'active' }], reported_at: '2025-03-07T14:05:09Z', agent_state: 'reporting' };
    socket.serverEmit('server/client/serviceStatuses', { syrxControllerId: controllerId, ...report });
    socket.serverEmit('server/client/agentStatus', { syrxControllerId: controllerId, connected: false });
    socket.serverEmit('server/client/serviceStatuses', { syrxControllerId: controllerId });
    expect(changes.mock.calls).toEqual([
      [controllerId.toLowerCase(), { kind: 'serviceStatuses', report }],
      [controllerId.toLowerCase(), { kind: 'agentStatus', connected: false }],
    ]);
    off();
    socket.serverEmit('server/client/agentStatus', { syrxControllerId: controllerId, connected: true });
    expect(changes).toHaveBeenCalledTimes(2);
  });
});
