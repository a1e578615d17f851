import type { Socket } from 'socket.io';
import { z } from 'zod';
import { agentEvents, terminalAgentSchemas } from '@syrx/contracts/agent-protocol';
import {
  type TerminalConnectAck, terminalConnectSchema, terminalDataSchema, terminalDisconnectSchema, terminalEvents, terminalNamespace,
  terminalResizeSchema,
} from '@syrx/contracts/terminal';
import type { AgentOpenAnswer, TerminalPeerMessage } from '../terminal/terminal.service.ts';
import { browserAuth, currentActorOf } from './browser-auth.ts';
import { ackOf, agentRoom, background, type SocketsDeps } from './socket-helpers.ts';

/** How long the agent has to open a shell. */
export const terminalOpenTimeoutMs = 10_000;
const openAnswerSchema = z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), error: z.string() })]);
const toAgentEvents = { input: agentEvents.terminalInput, resize: agentEvents.terminalResize, close: agentEvents.terminalClose } as const;
const peerEvent = 'terminal:peer';

/**
 * The terminal namespace (session cookie; spec 01 section 7): connect, data, resize and disconnect from the browser,
 * output and exit from the agent, relayed by the terminal service, which holds the sessions of this instance's browser
 * sockets. Other instances (a shared adapter) learn of agent events for sessions they hold through server-side events.
 */
export function attachTerminalSockets({ app, io, agents, services, log, agentConnected }: SocketsDeps) {
  const ns = io.of(terminalNamespace);
  ns.use(browserAuth(app, services));
  const { terminal } = services;
  // The in-memory adapter (one instance) has no peers, and warns on every server-side emit.
  const hasPeers = !['Adapter', 'SessionAwareAdapter'].includes(ns.adapter.constructor.name);

  terminal.bind({
    agentConnected,
    async open(controllerId, msg): Promise<AgentOpenAnswer> {
      const answers = (await agents.to(agentRoom(controllerId)).timeout(terminalOpenTimeoutMs).emitWithAck(agentEvents.terminalOpen, msg)) as unknown[];
      const parsed = answers.map((a) => openAnswerSchema.safeParse(a)).flatMap((a) => (a.success ? [a.data] : []));
      return parsed.find((a) => a.ok) ?? parsed[0] ?? { ok: false, error: "The controller's agent is not connected." };
    },
    toAgent: (controllerId, event, payload) => agents.to(agentRoom(controllerId)).emit(toAgentEvents[event], payload),
    toBrowser: (socketId, event, payload) => ns.to(socketId).emit(event === 'output' ? terminalEvents.output : terminalEvents.closed, payload),
    toPeers: (m) => {
      if (hasPeers) ns.serverSideEmit(peerEvent, m);
    },
  });
  ns.on(peerEvent, (m: TerminalPeerMessage) => terminal.peer(m));

  ns.on('connection', (socket: Socket) => {
    const context = { socketId: socket.id };
    socket.on(terminalEvents.connect, (payload: unknown, ack: unknown) => {
      const reply = ackOf<TerminalConnectAck>(ack);
      const req = terminalConnectSchema.safeParse(payload);
      if (!req.success) return reply({ error: 'agentId is required' });
      background(log, 'terminal not opened', context, async () => {
        try {
          reply(await terminal.open(await currentActorOf(socket, services.users), socket.id, req.data, () => socket.connected));
        } catch (err) {
          reply({ error: 'The terminal could not be opened.' });
          throw err;
        }
      });
    });
    socket.on(terminalEvents.data, (payload: unknown) => {
      const m = terminalDataSchema.safeParse(payload);
      if (m.success) terminal.input(socket.id, m.data);
    });
    socket.on(terminalEvents.resize, (payload: unknown) => {
      const m = terminalResizeSchema.safeParse(payload);
      if (m.success) terminal.resize(socket.id, m.data);
    });
    socket.on(terminalEvents.disconnect, (payload: unknown) => {
      const m = terminalDisconnectSchema.safeParse(payload);
      if (m.success) terminal.disconnect(socket.id, m.data.terminalId);
    });
    socket.on('disconnect', () => terminal.browserLeft(socket.id));
  });

  return {
    /** A controller's agent connected: its shells' output and exits go to the sessions' browsers. */
    agentSocket(socket: Socket, controllerId: string): void {
      socket.on(agentEvents.terminalOutput, (payload: unknown) => {
        const m = terminalAgentSchemas.output.safeParse(payload);
        if (m.success) terminal.fromAgent({ kind: 'output', controllerId, payload: m.data });
      });
      socket.on(agentEvents.terminalExit, (payload: unknown) => {
        const m = terminalAgentSchemas.exit.safeParse(payload);
        if (m.success) terminal.fromAgent({ kind: 'exit', controllerId, payload: m.data });
      });
    },
  };
}
