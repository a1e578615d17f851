import { io, type Socket } from 'socket.io-client';
import { type AgentConfig, agentEvents, agentNamespace } from '@syrx/contracts/agent-protocol';
import type { BacnetPoint } from '@syrx/contracts/points';
import type { AgentRecord, AgentRecordsAck } from '@syrx/contracts/records';
import { listen } from './agent-helpers.ts';
import { addDevice, adminWithController, analogInputs, type Controller, expectStatus, uploadPoints } from './bacnet-helpers.ts';
import { connected } from './operations-helpers.ts';
import type { Cleanups, TestApp, TestApps, TestClient } from './test-app.ts';

/**
 * A client speaking the agent protocol with a controller's credentials: for what a well-behaved agent never sends
 * (another controller's points, absurd times, malformed batches) and for exact batches. Keeps the configurations
 * the server pushes. With `apps`, it disconnects after the test.
 */
export async function protocolAgent(url: string, ctl: Controller, apps?: Cleanups): Promise<{ socket: Socket; configs: AgentConfig[] }> {
  const socket = io(`${url}${agentNamespace}`, { transports: ['websocket'], auth: { controller_id: ctl.id, password: ctl.password }, reconnection: false, forceNew: true });
  const configs: AgentConfig[] = [];
  socket.on(agentEvents.config, (c: AgentConfig) => configs.push(c));
  return { socket: await connected(socket, apps), configs };
}

export const sendRecords = (s: Socket, records: unknown) => s.timeout(10_000).emitWithAck(agentEvents.records, { records }) as Promise<AgentRecordsAck>;

/** `count` records of one point every `stepMs` from `start`, valued by `value(i)`. */
export const recordsOf = (pointId: number, start: number, count: number, stepMs: number, value: (i: number) => number): AgentRecord[] =>
  Array.from({ length: count }, (_, i) => [pointId, start + i * stepMs, value(i)]);

/** A controller with one device of `n` analog inputs; the points in instance order. */
export async function controllerWithPoints(t: TestApp, n = 3, name?: string, groupId?: number): Promise<{ admin: TestClient; ctl: Controller; points: BacnetPoint[] }> {
  const { admin, ctl } = await adminWithController(t, name, groupId);
  const dev = await addDevice(admin, ctl, { mac_address: '10.0.0.5', instance_number: 5 });
  await uploadPoints(admin, dev.id, analogInputs(1, n));
  const points = expectStatus(await admin.get(`/api/bacnet-devices/${dev.id}/bacnet-points?sort=object_id&take=1000`), 200).json<BacnetPoint[]>();
  return { admin, ctl, points };
}

/**
 * The test's server listening, a controller (with one device of `points` analog inputs, when asked) and a client on
 * the agent protocol connected for it (protocolAgent).
 */
export async function serverWithProtocolAgent(apps: TestApps, o: { env?: Record<string, string>; points?: number } = {}) {
  const t = await apps.start(o.env);
  const url = await listen(t);
  const { admin, ctl, points } = o.points ? await controllerWithPoints(t, o.points) : { ...(await adminWithController(t)), points: [] };
  const { socket, configs } = await protocolAgent(url, ctl, apps);
  return { t, url, admin, ctl, points, socket, configs };
}

/** A query string of record queries. */
export const recordQuery = (q: Record<string, string | number | number[]>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, Array.isArray(v) ? v.join(',') : String(v)])).toString();
