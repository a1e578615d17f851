import { describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { clientEvents } from '@syrx/contracts/realtime';
import { browserSocket, nextAgentStatus, notSupported, relayedRead, serverWithController } from '../../test/agent-helpers.ts';
import { type Controller, until } from '../../test/bacnet-helpers.ts';
import { startUpdaterAgent } from '../../test/cluster-helpers.ts';
import { next } from '../../test/operations-helpers.ts';
import { useTestApps } from '../../test/test-app.ts';

const apps = useTestApps();

function agentFor(url: string, ctl: Controller) {
  const agent = startUpdaterAgent(url, ctl);
  apps.defer(() => agent.stop());
  return agent;
}


describe('agents and the realtime relay', () => {
  it('records the agent heartbeat as last contact, reported version and unit statuses', async () => {
    const { url, admin, ctl } = await serverWithController(apps);
    // Only the service this agent runs (a new controller has the query, reporting and diagnostic services enabled too).
    await admin.request({ method: 'PUT', url: `/api/SyrxControllers/${ctl.id}/enabled-services`, payload: [{ service_id: 'Syrx.UpdaterService', assigned_version: '^1' }] });
    const agent = agentFor(url, ctl);
    await until(async () => agent.config() !== null);
    expect(agent.config()?.enabled_services.map((s) => s.service_id)).toEqual(['Syrx.UpdaterService']);
    await until(async () => (await admin.get(`/api/SyrxControllers/${ctl.id}/enabled-services`)).json<{ last_contact: string | null }[]>()[0]?.last_contact !== null);
    const [updater] = (await admin.get(`/api/SyrxControllers/${ctl.id}/enabled-services`)).json<{ reported_version: string; last_contact: string }[]>();
    expect(updater?.reported_version).toBe('1.4.2');
    expect(Date.now() - Date.parse(updater?.last_contact ?? '')).toBeLessThan(10_000);
    const statuses = await admin.get(`/api/SyrxControllers/${ctl.id}/critical-systemd-service-statuses`);
    expect(statuses.json()).toMatchObject({ statuses: [{ unit: 'syrx-updater.service', active_state: 'active' }] });

    // A configuration change reaches the connected agent at once.
    await admin.request({ method: 'PUT', url: `/api/SyrxControllers/${ctl.id}/bacnet-connection-configuration`, payload: { ip_address: '127.0.30.1', port_num: 47900 } });
    await until(async () => agent.config()?.bacnet?.ip_address === '127.0.30.1');
  });

  it('refuses an agent with a wrong password', async () => {
    const { url, ctl } = await serverWithController(apps);
    const agent = agentFor(url, { ...ctl, password: 'wrong' });
    const err = await next<Error>(agent.socket, 'connect_error');
    expect(err.message).toBe('invalid controller credentials');
  });

  it('tells the browser whether the agent is connected and relays requests until it leaves', async () => {
    const { url, admin, ctl } = await serverWithController(apps);
    const b = browserSocket(url, admin, apps);
    const ack: unknown = await b.emitWithAck(clientEvents.connect, { syrxControllerId: ctl.id });
    expect(ack).toEqual({ connected: false });

    expect((await relayedRead(b, ctl.id, 'r1')).exception).toBe('Inactive while disconnected from agent');

    const up = nextAgentStatus(b);
    const agent = agentFor(url, ctl);
    expect((await up).connected).toBe(true);

    // This agent runs no query service yet: the request still gets a final answer, not a hang.
    expect(await relayedRead(b, ctl.id, 'r2')).toMatchObject(notSupported('r2'));

    const down = nextAgentStatus(b);
    await agent.stop();
    expect((await down).connected).toBe(false);
  });

  it('refuses browser sockets without a session and controllers of other groups', async () => {
    const { t, url, ctl } = await serverWithController(apps);
    const anonymous = io(url, { transports: ['websocket'], reconnection: false });
    apps.defer(() => anonymous.disconnect());
    expect((await next<Error>(anonymous, 'connect_error')).message).toBe('not signed in');

    const stranger = t.client();
    await stranger.signIn();
    // Same admin session is allowed; a made-up id is not.
    const b = browserSocket(url, stranger, apps);
    expect(await b.emitWithAck(clientEvents.connect, { syrxControllerId: ctl.id })).toEqual({ connected: false });
    expect(await b.emitWithAck(clientEvents.connect, { syrxControllerId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' })).toEqual({ error: 'The Syrx controller was not found.' });
  });
});
