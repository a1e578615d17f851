import type { Socket } from 'socket.io';
import { z } from 'zod';
import { agentEvents } from '@syrx/contracts/agent-protocol';
import { liveLogEntrySchema, liveLogEvents, liveLogNamespace } from '@syrx/contracts/live-logs';
import { connectRequestSchema } from '@syrx/contracts/realtime';
import { KeyedQueue } from '../../lib/keyed-queue.ts';
import { browserAuth } from './browser-auth.ts';
import { agentRoom, background, onControllerRequest, type SocketsDeps } from './socket-helpers.ts';

/** What the agent streams while watched (its controller is the socket's, whatever the payload says). */
const agentLiveLogsSchema = z.object({ logEntries: z.array(liveLogEntrySchema).max(2000) });
const watchersRoom = (controllerId: string) => `live-logs:${controllerId}`;

/**
 * The live-log namespace (session cookie): a browser watches a controller it may see; the controller's agent is told
 * to stream its journal when the first watcher arrives (and again when it reconnects while watched) and to stop when
 * the last leaves; what it streams goes to the watchers' room. Watch decisions for a controller run one at a time.
 */
export function attachLiveLogSockets({ app, io, agents, services, log, agentConnected }: SocketsDeps): { agentSocket(socket: Socket, controllerId: string): void } {
  const ns = io.of(liveLogNamespace);
  ns.use(browserAuth(app, services));
  const decisions = new KeyedQueue();
  const watchers = async (id: string) => (await ns.in(watchersRoom(id)).fetchSockets()).length;
  const tellAgent = (id: string, watch: boolean) => agents.to(agentRoom(id)).emit(agentEvents.liveLogsWatch, { watch });
  const afterLeaving = (id: string) => decisions.run(id, async () => {
    if ((await watchers(id)) === 0) tellAgent(id, false);
  });

  ns.on('connection', (socket: Socket) => {
    const watching = new Set<string>();
    const context = { socketId: socket.id };

    onControllerRequest<{ connected: boolean }>(socket, liveLogEvents.connect, { services, log }, 'live-log watcher not joined', async (id, reply) => {
      await decisions.run(id, async () => {
        if (!socket.connected || watching.has(id)) return;
        watching.add(id);
        await socket.join(watchersRoom(id));
        if ((await watchers(id)) === 1) tellAgent(id, true);
      });
      reply({ connected: await agentConnected(id) });
    });

    socket.on(liveLogEvents.disconnect, (payload: unknown) => {
      const req = connectRequestSchema.safeParse(payload);
      const id = req.success ? req.data.syrxControllerId.toLowerCase() : null;
      if (id === null || !watching.delete(id)) return;
      background(log, 'live-log watcher not removed', context, async () => {
        await socket.leave(watchersRoom(id));
        await afterLeaving(id);
      });
    });

    // Socket.IO has already taken the socket out of its rooms.
    socket.on('disconnect', () => {
      for (const id of watching) background(log, 'live-log watcher not removed', context, () => afterLeaving(id));
    });
  });

  return {
    /** A controller's agent connected: relay its stream, and tell it to stream if someone watches already. */
    agentSocket(socket: Socket, controllerId: string): void {
      socket.on(agentEvents.liveLogs, (payload: unknown) => {
        const m = agentLiveLogsSchema.safeParse(payload);
        if (m.success) ns.to(watchersRoom(controllerId)).emit(liveLogEvents.logEntries, { syrxControllerId: controllerId, logEntries: m.data.logEntries });
      });
      background(log, 'live-log watch not resumed', { controllerId }, () => decisions.run(controllerId, async () => {
        if ((await watchers(controllerId)) > 0) socket.emit(agentEvents.liveLogsWatch, { watch: true });
      }));
    },
  };
}
