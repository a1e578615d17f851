/**
 * The BACnet client's table of confirmed requests waiting for their answers, by invoke ID, in place of the one
 * @bacnet-js/client 3.3.2 builds (its `_requestManager`, same methods: add, resolve, clear). The library's table
 * expires requests from a list in time order that it checks by invoke ID alone: when an ID is used again while the
 * entry of its previous, already answered request is still listed (within one APDU timeout of it, which a fast device
 * and 255 IDs reach in a fraction of a second), the old entry's expiry deletes the new request, which then never
 * settles — neither its answer nor its timeout is heard (the hang of point-health.int.test.ts's silent device after a
 * 2000-object sweep). Here each request has a timer of its own, which only ever settles its own request.
 */
interface Waiting {
  resolve(result: unknown): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

export class RequestTable {
  private readonly waiting = new Map<number, Waiting>();

  constructor(private readonly timeoutMs: number) {}

  /** The answer to the request sent with `invokeId`; rejects with ERR_TIMEOUT (the library's error) after the timeout. */
  add(invokeId: number): Promise<unknown> {
    // A request still waiting under this ID is displaced (the library's table overwrote it): it times out now, never hangs.
    this.settle(invokeId, (w) => w.reject(new Error('ERR_TIMEOUT')));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        if (this.waiting.get(invokeId)?.timer === timer) this.settle(invokeId, (w) => w.reject(new Error('ERR_TIMEOUT')));
      }, this.timeoutMs);
      this.waiting.set(invokeId, { resolve, reject, timer });
    });
  }

  /** An answer (or an error, abort or reject) for `invokeId`; false when no request waits under it (a late answer). */
  resolve(invokeId: number, err: Error | null | undefined, result?: unknown): boolean {
    return this.settle(invokeId, (w) => (err ? w.reject(err) : w.resolve(result)));
  }

  /** With `force` (the client closing): every waiting request fails. */
  clear(force?: boolean): void {
    if (!force) return;
    for (const id of [...this.waiting.keys()]) this.settle(id, (w) => w.reject(new Error('ERR_TIMEOUT')));
  }

  get size(): number {
    return this.waiting.size;
  }

  private settle(invokeId: number, how: (w: Waiting) => void): boolean {
    const w = this.waiting.get(invokeId);
    if (!w) return false;
    this.waiting.delete(invokeId);
    clearTimeout(w.timer);
    how(w);
    return true;
  }
}

/**
 * Puts a RequestTable in place of the client's own (checked: the client must have the field the library's code calls,
 * so a library upgrade that renames it fails at start, not by hanging).
 */
export function replaceRequestTable(client: object, timeoutMs: number): RequestTable {
  const c = client as { _requestManager?: unknown };
  const current = c._requestManager as { add?: unknown; resolve?: unknown } | undefined;
  if (typeof current?.add !== 'function' || typeof current.resolve !== 'function') {
    throw new Error('@bacnet-js/client has no _requestManager with add() and resolve(): check request-table.ts against this version');
  }
  const table = new RequestTable(timeoutMs);
  c._requestManager = table;
  return table;
}
