import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import { clientEvents, type ServiceStatuses } from '@syrx/contracts/realtime';
import type { AgentsService } from '../controllers/agents.service.ts';
import { browsersRoom } from './socket-helpers.ts';

/** How often each instance looks for agents that fell silent. */
export const silenceCheckMs = 2000;

const roomPrefix = browsersRoom('');

/**
 * Tells browsers when a controller's agent falls silent (connected, but no heartbeat for two of its intervals): a
 * heartbeat or a disconnect says so at once, silence only by its absence, so every instance checks the controllers its
 * own browsers watch every `everyMs` and tells those browsers (the first heartbeat after it tells them it is back).
 */
export function watchSilentAgents(io: Server, agents: Pick<AgentsService, 'newlySilent'>, log: FastifyBaseLogger, everyMs = silenceCheckMs) {
  let since: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  const watched = (): string[] =>
    [...io.of('/').adapter.rooms.keys()].filter((room) => room.startsWith(roomPrefix)).map((room) => room.slice(roomPrefix.length));

  async function check(): Promise<void> {
    const ids = watched();
    if (ids.length === 0) {
      since = null;
      return;
    }
    const { now, silent } = await agents.newlySilent(ids, since, everyMs / 1000);
    since = now;
    for (const { id, ...report } of silent) {
      io.local.to(browsersRoom(id)).emit(clientEvents.serviceStatuses, { syrxControllerId: id, ...report } satisfies ServiceStatuses);
    }
  }

  const tick = () => {
    if (running) return;
    running = true;
    check()
      .catch((err: unknown) => log.warn({ err }, 'silent agents not checked'))
      .finally(() => {
        running = false;
      });
  };

  return {
    start(): void {
      timer ??= setInterval(tick, everyMs);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
