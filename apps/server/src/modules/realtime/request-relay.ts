export interface PendingRequest {
  requestId: string;
  controllerId: string;
  socketId: string;
  timer: NodeJS.Timeout;
}

/**
 * Browser requests in flight on this server instance (the instance of the asking socket), so they can time out and
 * fail when an agent leaves, and so an agent's reply reaches only the socket that asked its controller. Keyed by the
 * asking socket and the request id the browser chose: one browser's ids cannot end or take another's requests.
 */
export class RequestRelay {
  private readonly pending = new Map<string, PendingRequest>();

  add(p: Omit<PendingRequest, 'timer'>, timeoutMs: number, onTimeout: (p: PendingRequest) => void): void {
    this.finish(p.socketId, p.requestId);
    const key = keyOf(p.socketId, p.requestId);
    const entry: PendingRequest = { ...p, timer: setTimeout(() => { this.pending.delete(key); onTimeout(entry); }, timeoutMs) };
    this.pending.set(key, entry);
  }

  /** The socket's pending request, if any. */
  get(socketId: string, requestId: string): PendingRequest | undefined {
    return this.pending.get(keyOf(socketId, requestId));
  }

  /** Forgets a socket's request; returns it if it was pending. */
  finish(socketId: string, requestId: string): PendingRequest | undefined {
    const key = keyOf(socketId, requestId);
    const p = this.pending.get(key);
    if (p) {
      clearTimeout(p.timer);
      this.pending.delete(key);
    }
    return p;
  }

  /** Removes and returns every pending request matching the predicate. */
  takeWhere(predicate: (p: PendingRequest) => boolean): PendingRequest[] {
    const taken = [...this.pending.values()].filter(predicate);
    for (const p of taken) this.finish(p.socketId, p.requestId);
    return taken;
  }

  clear(): void {
    this.takeWhere(() => true);
  }
}

const keyOf = (socketId: string, requestId: string) => `${socketId}\0${requestId}`;
