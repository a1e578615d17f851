import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { agentEvents, type AgentUploadAck } from '@syrx/contracts/agent-protocol';
import { diagnosticsSnapshotSchema } from '@syrx/contracts/diagnostics';
import type { Check } from '@syrx/contracts/guarded';
import { agentMetricsUploadCheck } from '@syrx/contracts/metrics';
import { pressureStatusSchema } from '@syrx/contracts/pressure-control';
import { agentLogsUploadSchema } from '@syrx/contracts/service-logs';
import type { RealtimeServices } from './realtime-services.ts';
import type { ConcurrencyGate } from '../../lib/concurrency-gate.ts';
import { ackOf, background } from './socket-helpers.ts';
import { ackTimed } from '../../lib/report-timing.ts';

/** The first few problems of a refused upload, as the agent's acknowledgement reports them. */
export const issuesOf = (e: z.ZodError) => e.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');

/**
 * One kind of buffered upload: validated with its schema (or guarded schema, contracts/guarded.ts), stored
 * idempotently through `store` (which may answer 'busy'), acknowledged with AgentUploadAck ({ ok: false, error } when
 * malformed, not stored or busy, so the agent keeps it and sends it again).
 */
function onUpload<T>(socket: Socket, log: FastifyBaseLogger, context: object, event: string, schema: Check<T>, what: string,
  store: (data: T) => Promise<AgentUploadAck | 'busy'>): void {
  socket.on(event, (payload: unknown, ack: unknown) => {
    const reply = ackOf<AgentUploadAck>(ack);
    const m = schema.safeParse(payload);
    if (!m.success) return reply({ ok: false, error: issuesOf(m.error) });
    storeOrBusy<AgentUploadAck>(log, context, what, () => store(m.data), reply);
  });
}

/** The agent is told to send it again later when too many uploads wait for the database already. */
export const busyMessage = 'The server is busy; send it again later.';

/**
 * Stores an upload (through the instance's gate or a batch of uploads, either of which may answer 'busy') and
 * acknowledges it: the service's answer, `busy`, or a failure (logged). Never throws.
 */
export function storeOrBusy<A>(log: FastifyBaseLogger, context: object, what: string, store: () => Promise<A | 'busy'>, reply: (a: A | { ok: false; error: string }) => void): void {
  const arrived = performance.now();
  background(log, `${what} from the agent not stored`, context, async () => {
    let answer: A | 'busy';
    try {
      answer = await store();
    } catch (err) {
      reply({ ok: false, error: `The server could not store the ${what}.` });
      throw err;
    }
    reply(answer === 'busy' ? { ok: false, error: busyMessage } : answer);
    ackTimed(what, arrived);
  });
}

/**
 * Service logs, metric samples, diagnostics snapshots and pressure control statuses from a controller's agent: metric
 * samples are written with other agents' (the metrics service batches them), the rest through the instance's gate.
 */
export function attachAgentUploads(socket: Socket, controllerId: string, services: RealtimeServices, log: FastifyBaseLogger, gate: ConcurrencyGate): void {
  const context = { controllerId };
  const gated = <D>(store: (d: D) => Promise<AgentUploadAck>) => (d: D) => gate.run(() => store(d));
  onUpload(socket, log, context, agentEvents.logs, agentLogsUploadSchema, 'service logs', gated((d) => services.serviceLogs.fromAgent(controllerId, d.entries)));
  onUpload(socket, log, context, agentEvents.metrics, agentMetricsUploadCheck, 'metric samples', (d) => services.metrics.queueFromAgent(controllerId, d.samples));
  onUpload(socket, log, context, agentEvents.diagnostics, diagnosticsSnapshotSchema, 'diagnostics snapshot', gated((d) => services.diagnostics.fromAgent(controllerId, d)));
  onUpload(socket, log, context, agentEvents.pressureStatus, pressureStatusSchema, 'pressure control status', gated(async (d) => {
    await services.pressureControl.recordStatus(controllerId, d);
    return { ok: true, stored: 1 };
  }));
}
