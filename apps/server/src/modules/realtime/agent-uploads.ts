import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { agentEvents, type AgentUploadAck } from '@syrx/contracts/agent-protocol';
import { diagnosticsSnapshotSchema } from '@syrx/contracts/diagnostics';
import { agentMetricsUploadSchema } from '@syrx/contracts/metrics';
import { pressureStatusSchema } from '@syrx/contracts/pressure-control';
import { agentLogsUploadSchema } from '@syrx/contracts/service-logs';
import type { AppContext } from '../../app-context.ts';
import type { ConcurrencyGate } from '../../lib/concurrency-gate.ts';
import { ackOf, background } from './socket-helpers.ts';

/** The first few problems of a refused upload, as the agent's acknowledgement reports them. */
export const issuesOf = (e: z.ZodError) => e.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');

/**
 * One kind of buffered upload: validated with its schema, stored idempotently by its service, acknowledged with
 * AgentUploadAck ({ ok: false, error } when malformed or not stored, so the agent keeps it and sends it again).
 */
function onUpload<S extends z.ZodType>(socket: Socket, log: FastifyBaseLogger, context: object, event: string, schema: S, what: string,
  gate: ConcurrencyGate, store: (data: z.infer<S>) => Promise<AgentUploadAck>): void {
  socket.on(event, (payload: unknown, ack: unknown) => {
    const reply = ackOf<AgentUploadAck>(ack);
    const m = schema.safeParse(payload);
    if (!m.success) return reply({ ok: false, error: issuesOf(m.error) });
    storeGated<AgentUploadAck>(log, context, what, gate, () => store(m.data), reply);
  });
}

/** The agent is told to send it again later when too many uploads wait for the database already. */
export const busyMessage = 'The server is busy; send it again later.';

/**
 * Stores an upload through the instance's gate (a bounded number at once, a bounded queue) and acknowledges it:
 * the service's answer, `busy`, or a failure (logged). Never throws.
 */
export function storeGated<A>(log: FastifyBaseLogger, context: object, what: string, gate: ConcurrencyGate, store: () => Promise<A>, reply: (a: A | { ok: false; error: string }) => void): void {
  background(log, `${what} from the agent not stored`, context, async () => {
    let answer: A | 'busy';
    try {
      answer = await gate.run(store);
    } catch (err) {
      reply({ ok: false, error: `The server could not store the ${what}.` });
      throw err;
    }
    reply(answer === 'busy' ? { ok: false, error: busyMessage } : answer);
  });
}

/** Service logs, metric samples, diagnostics snapshots and pressure control statuses from a controller's agent. */
export function attachAgentUploads(socket: Socket, controllerId: string, services: AppContext['services'], log: FastifyBaseLogger, gate: ConcurrencyGate): void {
  const context = { controllerId };
  onUpload(socket, log, context, agentEvents.logs, agentLogsUploadSchema, 'service logs', gate, (d) => services.serviceLogs.fromAgent(controllerId, d.entries));
  onUpload(socket, log, context, agentEvents.metrics, agentMetricsUploadSchema, 'metric samples', gate, (d) => services.metrics.fromAgent(controllerId, d.samples));
  onUpload(socket, log, context, agentEvents.diagnostics, diagnosticsSnapshotSchema, 'diagnostics snapshot', gate, (d) => services.diagnostics.fromAgent(controllerId, d));
  onUpload(socket, log, context, agentEvents.pressureStatus, pressureStatusSchema, 'pressure control status', gate, async (d) => {
    await services.pressureControl.recordStatus(controllerId, d);
    return { ok: true, stored: 1 };
  });
}
