import { afterEach, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { agentEvents, type AgentReportState, type Heartbeat } from '@syrx/contracts/agent-protocol';
import { clientEvents, type ServiceStatuses } from '@syrx/contracts/realtime';
import { serviceIds } from '@syrx/contracts/services';
import { browserSocket, listen } from '../../test/agent-helpers.ts';
import { adminWithController, type Controller, expectStatus, until } from '../../test/bacnet-helpers.ts';
import { collect, listeningAgent } from '../../test/operations-helpers.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app.ts';
import { statusReportsRepo } from './status-reports.repo.ts';

let t: TestApp | null = null;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  await t?.close();
  t = null;
});

const heartbeat = (state: string): Heartbeat => ({
  services: [{ service_id: serviceIds.updater, reported_version: '1.0.0' }],
  critical_statuses: [{ unit: 'syrx-updater.service', active_state: state, sub_state: 'running' }],
  heartbeat_seconds: 0.2,
});

async function agentOf(url: string, ctl: Controller): Promise<Socket> {
  const { socket } = await listeningAgent(url, ctl, []);
  sockets.push(socket);
  return socket;
}

async function watching(url: string, admin: TestClient, ctl: Controller): Promise<ServiceStatuses[]> {
  const browser = browserSocket(url, admin);
  sockets.push(browser);
  const heard = collect<ServiceStatuses>(browser, clientEvents.serviceStatuses);
  await browser.emitWithAck(clientEvents.connect, { syrxControllerId: ctl.id });
  return heard;
}

/** Moves the controller's last report back in time, as if the agent had been quiet since. */
const reportedAgo = (id: string, seconds: number) =>
  sql`update critical_service_statuses set reported_at = now() - make_interval(secs => ${seconds}::float8) where syrx_controller_id = ${id}`;

const stateOf = async (admin: TestClient, ctl: Controller): Promise<AgentReportState> =>
  expectStatus(await admin.get(`/api/SyrxControllers/${ctl.id}/critical-systemd-service-statuses`), 200).json<{ agent_state: AgentReportState }>().agent_state;

describe('honest status reports', () => {
  it('say when the agent fell silent or left, server side and to the watching browsers, and when it is back', async () => {
    t = await createTestApp();
    const url = await listen(t);
    const { admin, ctl } = await adminWithController(t);
    // Before the first report there is none (the dots are grey).
    expectStatus(await admin.get(`/api/SyrxControllers/${ctl.id}/critical-systemd-service-statuses`), 404);

    const heard = await watching(url, admin, ctl);
    const agent = await agentOf(url, ctl);
    expect(await agent.emitWithAck(agentEvents.heartbeat, heartbeat('active'))).toEqual({ ok: true });
    expect(await stateOf(admin, ctl)).toBe('reporting');

    // No heartbeat for two of its intervals (0.2 s each, and the grace): silent, and the browser hears it.
    await until(async () => heard.some((e) => e.agent_state === 'silent'), 10_000, 'the silent event');
    expect(heard.at(-1)).toMatchObject({ syrxControllerId: ctl.id, agent_state: 'silent', statuses: heartbeat('active').critical_statuses });
    expect(await stateOf(admin, ctl)).toBe('silent');

    // The next heartbeat, with the same statuses, says it is back.
    expect(await agent.emitWithAck(agentEvents.heartbeat, heartbeat('active'))).toEqual({ ok: true });
    await until(async () => heard.at(-1)?.agent_state === 'reporting', 5000, 'the reporting event');
    expect(await stateOf(admin, ctl)).toBe('reporting');

    // Its connection closes: disconnected at once, whatever the last report said.
    agent.disconnect();
    await until(async () => heard.at(-1)?.agent_state === 'disconnected', 5000, 'the disconnected event');
    expect(await stateOf(admin, ctl)).toBe('disconnected');

    const again = await agentOf(url, ctl);
    expect(await again.emitWithAck(agentEvents.heartbeat, heartbeat('failed'))).toEqual({ ok: true });
    expect(await stateOf(admin, ctl)).toBe('reporting');
    expect(heard.at(-1)).toMatchObject({ agent_state: 'reporting', statuses: heartbeat('failed').critical_statuses });
  });

  it('times a heartbeat from its arrival to its acknowledgement on /metrics', async () => {
    t = await createTestApp();
    const url = await listen(t);
    const { ctl } = await adminWithController(t);
    const agent = await agentOf(url, ctl);
    expect(await agent.emitWithAck(agentEvents.heartbeat, heartbeat('active'))).toEqual({ ok: true });
    const body = (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    expect(body).toMatch(/syrx_agent_ack_seconds_count\{event="heartbeat"\} 1\n/);
    // Gathered with others' for 10 ms, then written: never acknowledged before that.
    expect(Number(/syrx_agent_ack_seconds_sum\{event="heartbeat"\} (\S+)/.exec(body)?.[1])).toBeGreaterThanOrEqual(0.009);
  });

  it('does not call an agent disconnected when a heartbeat came after its old connection closed', async () => {
    t = await createTestApp();
    const url = await listen(t);
    const { admin, ctl } = await adminWithController(t);
    const closedAt = new Date(Date.now() - 60_000);
    const agent = await agentOf(url, ctl);
    expect(await agent.emitWithAck(agentEvents.heartbeat, { ...heartbeat('active'), heartbeat_seconds: 60 })).toEqual({ ok: true });

    expect(await statusReportsRepo.markDisconnected(t.db, ctl.id, closedAt)).toBeNull();
    expect(await stateOf(admin, ctl)).toBe('reporting');
    expect(await statusReportsRepo.markDisconnected(t.db, ctl.id, new Date(Date.now() + 1000))).toMatchObject({ agent_state: 'disconnected' });
    expect(await stateOf(admin, ctl)).toBe('disconnected');
  });

  it('waits two of the agent’s own heartbeat intervals before calling it silent', async () => {
    t = await createTestApp();
    const url = await listen(t);
    const { admin, ctl } = await adminWithController(t);
    const agent = await agentOf(url, ctl);
    // An agent that says it reports every minute is silent after two minutes (and the grace), not after the default's 32 s.
    expect(await agent.emitWithAck(agentEvents.heartbeat, { ...heartbeat('active'), heartbeat_seconds: 60 })).toEqual({ ok: true });
    await t.db.execute(reportedAgo(ctl.id, 100));
    expect(await stateOf(admin, ctl)).toBe('reporting');
    await t.db.execute(reportedAgo(ctl.id, 123));
    expect(await stateOf(admin, ctl)).toBe('silent');
    // Without a word of its interval, the default's.
    expect(await agent.emitWithAck(agentEvents.heartbeat, { ...heartbeat('active'), heartbeat_seconds: undefined })).toEqual({ ok: true });
    await t.db.execute(reportedAgo(ctl.id, 31));
    expect(await stateOf(admin, ctl)).toBe('reporting');
    await t.db.execute(reportedAgo(ctl.id, 33));
    expect(await stateOf(admin, ctl)).toBe('silent');
  });
});
