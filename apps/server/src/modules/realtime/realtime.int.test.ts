import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { createUpdaterService, type RunningAgent, silentLogger, startAgent } from '@syrx/agent/testing';
import { clientEvents, type RequestResponse } from '@syrx/contracts/realtime';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';

let t: TestApp;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
  await t?.close();
});

async function listening(): Promise<{ url: string; admin: TestClient; controller: { id: string; password: string } }> {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const admin = t.client();
  await admin.signIn();
  const controller = (await admin.post('/api/SyrxControllers', { name: 'Agent test', description: '' })).json<{ id: string; password: string }>();
  return { url, admin, controller };
}

function agentFor(url: string, id: string, password: string): RunningAgent {
  const agent = startAgent({
    settings: { serverUrl: url, controllerId: id, controllerPassword: password, bacnetAddress: '127.0.0.1', bacnetPort: 47808, heartbeatSeconds: 0.2, logLevel: 'error' },
    logger: silentLogger,
    services: [createUpdaterService('1.4.2')],
  });
  cleanups.push(() => agent.stop());
  return agent;
}

function browser(url: string, client: TestClient): Socket {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const socket = io(url, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  cleanups.push(() => socket.disconnect());
  return socket;
}

const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));
async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('agents and the realtime relay', () => {
  it('records the agent heartbeat as last contact, reported version and unit statuses', async () => {
    const { url, admin, controller } = await listening();
    const agent = agentFor(url, controller.id, controller.password);
    await until(async () => agent.config() !== null);
    expect(agent.config()?.enabled_services.map((s) => s.service_id)).toEqual(['Syrx.UpdaterService']);
    await until(async () => (await admin.get(`/api/SyrxControllers/${controller.id}/enabled-services`)).json<{ last_contact: string | null }[]>()[0]?.last_contact !== null);
    const [updater] = (await admin.get(`/api/SyrxControllers/${controller.id}/enabled-services`)).json<{ reported_version: string; last_contact: string }[]>();
    expect(updater?.reported_version).toBe('1.4.2');
    expect(Date.now() - Date.parse(updater?.last_contact ?? '')).toBeLessThan(10_000);
    const statuses = await admin.get(`/api/SyrxControllers/${controller.id}/critical-systemd-service-statuses`);
    expect(statuses.json()).toMatchObject({ statuses: [{ unit: 'syrx-updater.service', active_state: 'active' }] });

    // A configuration change reaches the connected agent at once.
    await admin.request({ method: 'PUT', url: `/api/SyrxControllers/${controller.id}/bacnet-connection-configuration`, payload: { ip_address: '127.0.30.1', port_num: 47900 } });
    await until(async () => agent.config()?.bacnet?.ip_address === '127.0.30.1');
  });

  it('refuses an agent with a wrong password', async () => {
    const { url, controller } = await listening();
    const agent = agentFor(url, controller.id, 'wrong');
    const err = await next<Error>(agent.socket, 'connect_error');
    expect(err.message).toBe('invalid controller credentials');
  });

  it('tells the browser whether the agent is connected and relays requests until it leaves', async () => {
    const { url, admin, controller } = await listening();
    const b = browser(url, admin);
    const ack: unknown = await b.emitWithAck(clientEvents.connect, { syrxControllerId: controller.id });
    expect(ack).toEqual({ connected: false });

    const offline = next<RequestResponse>(b, clientEvents.requestResponse);
    b.emit(clientEvents.startRequest, { requestType: 'ReadProperty', syrxControllerId: controller.id, requestId: 'r1', macAddress: '127.0.0.5:47808', network: 0, instanceNumber: 5 });
    expect((await offline).exception).toBe('Inactive while disconnected from agent');

    const up = next<{ connected: boolean }>(b, clientEvents.agentStatus);
    const agent = agentFor(url, controller.id, controller.password);
    expect((await up).connected).toBe(true);

    // This agent runs no query service yet: the request still gets a final answer, not a hang.
    const answered = next<RequestResponse>(b, clientEvents.requestResponse);
    b.emit(clientEvents.startRequest, { requestType: 'ReadProperty', syrxControllerId: controller.id, requestId: 'r2', macAddress: '127.0.0.5:47808', network: 0, instanceNumber: 5 });
    expect(await answered).toMatchObject({ requestId: 'r2', data: { IsException: true, ExceptionType: 'NotSupported', IsComplete: true } });

    const down = next<{ connected: boolean }>(b, clientEvents.agentStatus);
    await agent.stop();
    expect((await down).connected).toBe(false);
  });

  it('refuses browser sockets without a session and controllers of other groups', async () => {
    const { url, controller } = await listening();
    const anonymous = io(url, { transports: ['websocket'], reconnection: false });
    cleanups.push(() => anonymous.disconnect());
    expect((await next<Error>(anonymous, 'connect_error')).message).toBe('not signed in');

    const stranger = t.client();
    await stranger.signIn();
    // Same admin session is allowed; a made-up id is not.
    const b = browser(url, stranger);
    expect(await b.emitWithAck(clientEvents.connect, { syrxControllerId: controller.id })).toEqual({ connected: false });
    expect(await b.emitWithAck(clientEvents.connect, { syrxControllerId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' })).toEqual({ error: 'The Syrx controller was not found.' });
  });
});
