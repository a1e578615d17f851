export interface PendingRequest {
  requestId: string;
  controllerId: string;
  socketId: string;
  timer: NodeJS.Timeout;
}

/** Browser requests in flight on this server instance, so they can time out and fail when an agent leaves. */
export class RequestRelay {
  private readonly pending = new Map<string, PendingRequest>();

  add(p: Omit<PendingRequest, 'timer'>, timeoutMs: number, onTimeout: (p: PendingRequest) => void): void {
    this.finish(p.requestId);
    const entry: PendingRequest = { ...p, timer: setTimeout(() => { this.pending.delete(p.requestId); onTimeout(entry); }, timeoutMs) };
    this.pending.set(p.requestId, entry);
  }

  /** Forgets a request; returns it if it was pending. */
  finish(requestId: string): PendingRequest | undefined {
    const p = this.pending.get(requestId);
    if (p) {
      clearTimeout(p.timer);
      this.pending.delete(requestId);
    }
    return p;
  }

  /** Removes and returns every pending request matching the predicate. */
  takeWhere(predicate: (p: PendingRequest) => boolean): PendingRequest[] {
    const taken = [...this.pending.values()].filter(predicate);
    for (const p of taken) this.finish(p.requestId);
    return taken;
  }

  clear(): void {
    this.takeWhere(() => true);
  }
}
