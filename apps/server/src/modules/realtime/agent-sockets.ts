import type { Socket } from 'socket.io';
import { z } from 'zod';
import {
  agentAuthErrors, agentEvents, agentHandshakeSchema, agentPointUploadSchema, type AgentPointUploadAck, heartbeatCheck,
} from '@syrx/contracts/agent-protocol';
import {
  clientEvents, type CriticalStatusesReport, type ExceptionType, inactiveWhileDisconnected, type ResponseData, responseDataSchema, type ServiceStatuses,
} from '@syrx/contracts/realtime';
import { agentRecordsUploadCheck, type AgentRecordsAck } from '@syrx/contracts/records';
import { serverReplyPrefix } from './agent-link.service.ts';
import { ConcurrencyGate } from '../../lib/concurrency-gate.ts';
import { attachAgentUploads, issuesOf, storeOrBusy } from './agent-uploads.ts';
import type { RequestRelay } from './request-relay.ts';
import { ackOf, agentRoom, background, browsersRoom, type SocketsDeps } from './socket-helpers.ts';
import { ackTimed } from '../../lib/report-timing.ts';
import { batchedRead } from '../../lib/batched-read.ts';
import { withoutNul } from '../../lib/nul-characters.ts';

const agentResponseSchema = z.object({ requestId: z.string(), replyTo: z.string(), data: responseDataSchema });

/** Where answers to the server's own calls go: this instance's AgentLink, or the instance that made the call. */
export interface LinkForwarding {
  answer(controllerId: string, requestId: string, data: ResponseData): void;
  agentLeft(controllerId: string): void;
}

/**
 * Where an agent's replies to browsers' requests go: to the asking socket, from the instance that holds the request
 * (this one or another), and only when the request was made to the answering agent's own controller.
 */
export interface ReplyForwarding {
  answer(controllerId: string, socketId: string, requestId: string, data: ResponseData): void;
}

export interface AgentSocketsDeps extends Omit<SocketsDeps, 'app'> {
  relay: RequestRelay;
  /** Fails a browser's request (answer to its socket). */
  fail: (socketId: string, requestId: string, type: ExceptionType, message: string) => void;
  link: LinkForwarding;
  replies: ReplyForwarding;
  /** Namespaces with agent events of their own (live logs, terminals) take each agent socket. */
  extensions: { agentSocket(socket: Socket, controllerId: string): void }[];
  /** Sends the controller's configuration, in turn with its other pushes (the gateway's pushConfig). */
  pushConfig: (controllerId: string, send: (config: unknown) => void) => Promise<void>;
}

/**
 * The agent namespace: authentication by controller id and password, configuration on connect, heartbeats,
 * answers to requests (a browser's, relayed back; the server's own, handed to the AgentLink), point uploads, records,
 * service logs, metrics and diagnostics; the live-log and terminal namespaces add their agent events.
 */
export function attachAgentSockets({ io, agents, relay, services, log, agentConnected, fail, link, replies, extensions, pushConfig }: AgentSocketsDeps): { close(): Promise<void> } {
  // Every agent's uploads on this instance share the database: a few at once (the pool keeps connections for browsers),
  // a bounded queue, then "busy" (the agent keeps its buffer and sends it again). Records and metric samples, the
  // bulk of them, are written many agents' at a time by their services instead.
  const uploads = new ConcurrencyGate(4, 1000);
  // Work that waited for agents (background discovery messages, devices discovery added while they were away), looked
  // up for the agents connecting at the moment together (lib/batched-read.ts): a fleet reconnecting after a restart
  // asks for thousands within seconds.
  const waitingWork = batchedRead('agents-connected', async (ids) => {
    await services.queryMessages.agentsConnected(ids);
    await services.devices.readPending(ids);
    return new Map(ids.map((id) => [id, true]));
  });
  agents.use((socket, next) => {
    const hs = agentHandshakeSchema.safeParse(socket.handshake.auth);
    if (!hs.success) return next(new Error(agentAuthErrors.invalid));
    services.agents.check(hs.data.controller_id, hs.data.password, socket.handshake.address).then((verdict) => {
      if (verdict === 'wait') {
        // Not "invalid": the agent then waits minutes before its next try; this one may retry soon.
        log.warn({ controllerId: hs.data.controller_id, address: socket.handshake.address }, 'agent refused: its address is held back after failed attempts');
        return next(new Error(agentAuthErrors.rateLimited));
      }
      if (verdict !== 'ok') {
        log.warn({ controllerId: hs.data.controller_id, address: socket.handshake.address }, 'agent refused: invalid credentials');
        return next(new Error(agentAuthErrors.invalid));
      }
      (socket.data as { controllerId: string }).controllerId = hs.data.controller_id;
      next();
    }).catch((err: unknown) => next(err instanceof Error ? err : new Error(String(err))));
  });

  agents.on('connection', (socket) => {
    const controllerId = (socket.data as { controllerId: string }).controllerId;
    const context = { controllerId };
    // Device names and service logs may hold U+0000, which no column stores: taken out of every event before its
    // handler (lib/nul-characters.ts), so such an upload is stored rather than failed and sent again for ever.
    socket.use((event, next) => {
      for (let i = 1; i < event.length; i++) if (typeof event[i] !== 'function') event[i] = withoutNul(event[i]);
      next();
    });
    attachAgentUploads(socket, controllerId, services, log, uploads);
    for (const e of extensions) e.agentSocket(socket, controllerId);
    background(log, 'agent connection not set up', context, async () => {
      await socket.join(agentRoom(controllerId));
      io.to(browsersRoom(controllerId)).emit(clientEvents.agentStatus, { syrxControllerId: controllerId, connected: true });
      await pushConfig(controllerId, (config) => socket.emit(agentEvents.config, config));
      await waitingWork.get(controllerId);
    });

    // Acknowledged once written, with the other agents' heartbeats of the moment (the agent's uploads go through the
    // gate below, so the pool has room for these batches).
    socket.on(agentEvents.heartbeat, (payload: unknown, ack: unknown) => {
      const arrived = performance.now();
      const reply = ackOf<{ ok: boolean }>(ack);
      const hb = heartbeatCheck.safeParse(payload);
      if (!hb.success) return reply({ ok: false });
      background(log, 'heartbeat not recorded', context, async () => {
        let changed: CriticalStatusesReport | null;
        try {
          changed = await services.agents.recordHeartbeat(controllerId, hb.data);
        } catch (err) {
          reply({ ok: false });
          throw err;
        }
        reply({ ok: true });
        ackTimed('heartbeat', arrived);
        // The tree's status dots follow the unit statuses: its browsers hear when they change.
        if (changed) io.to(browsersRoom(controllerId)).emit(clientEvents.serviceStatuses, { syrxControllerId: controllerId, ...changed } satisfies ServiceStatuses);
      });
    });

    socket.on(agentEvents.response, (payload: unknown) => {
      const r = agentResponseSchema.safeParse(payload);
      if (!r.success) return;
      const { requestId, replyTo, data } = r.data;
      // The agent names the request it answers; whose it is, and so whether it may answer it, is the server's to check.
      if (replyTo.startsWith(serverReplyPrefix)) return link.answer(controllerId, requestId, data);
      replies.answer(controllerId, replyTo, requestId, data);
    });

    socket.on(agentEvents.pointUpload, (payload: unknown, ack: unknown) => {
      const reply = ackOf<AgentPointUploadAck>(ack);
      const m = agentPointUploadSchema.safeParse(payload);
      if (!m.success) return reply({ ok: false, error: m.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
      background(log, 'point upload from the agent not stored', context, async () => {
        let answer: AgentPointUploadAck;
        try {
          answer = await services.pointUploads.fromAgent(controllerId, m.data);
        } catch (err) {
          reply({ ok: false, error: 'The server could not store the point upload.' });
          throw err;
        }
        reply(answer);
      });
    });

    // Buffered records: stored idempotently, so a batch whose acknowledgement was lost can be sent again; written with
    // the other agents' uploads of the moment.
    socket.on(agentEvents.records, (payload: unknown, ack: unknown) => {
      const reply = ackOf<AgentRecordsAck>(ack);
      const m = agentRecordsUploadCheck.safeParse(payload);
      if (!m.success) return reply({ ok: false, error: issuesOf(m.error) });
      storeOrBusy<AgentRecordsAck>(log, context, 'records', () => services.records.queueFromAgent(controllerId, m.data.records), reply);
    });

    socket.on('disconnect', () => {
      const at = new Date();
      background(log, 'agent disconnect not handled', context, async () => {
        if (await agentConnected(controllerId)) return;
        // Its last report no longer speaks for the controller: the dots turn red rather than keep their last colours.
        const report = await services.agents.agentLeft(controllerId, at);
        if (report) io.to(browsersRoom(controllerId)).emit(clientEvents.serviceStatuses, { syrxControllerId: controllerId, ...report } satisfies ServiceStatuses);
        io.to(browsersRoom(controllerId)).emit(clientEvents.agentStatus, { syrxControllerId: controllerId, connected: false });
        for (const p of relay.takeWhere((x) => x.controllerId === controllerId)) fail(p.socketId, p.requestId, 'AgentDisconnected', inactiveWhileDisconnected);
        link.agentLeft(controllerId);
        services.terminal.agentLeft(controllerId);
      });
    });
  });
  return { close: () => waitingWork.close() };
}
