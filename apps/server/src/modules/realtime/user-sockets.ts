import type { Server } from 'socket.io';
import { liveLogNamespace } from '@syrx/contracts/live-logs';
import { terminalNamespace } from '@syrx/contracts/terminal';

/**
 * Closes every browser socket of a user, on every instance (through the adapter): a deactivated user's sessions are
 * gone, and so are the sockets their pages had opened (a terminal among them).
 */
export async function closeSocketsOfUser(io: Server, userId: number): Promise<void> {
  for (const namespace of ['/', liveLogNamespace, terminalNamespace]) {
    for (const socket of await io.of(namespace).fetchSockets()) {
      if ((socket.data as { actor?: { userId?: number } }).actor?.userId === userId) socket.disconnect(true);
    }
  }
}
