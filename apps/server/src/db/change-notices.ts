import pg from 'pg';

/** What a listener is told: a notice arrived, or the connection that hears them is up (true) or down (false). */
export interface ChangeNoticeHandlers {
  onNotice(payload: string): void;
  onListening(listening: boolean): void;
}

export interface ChangeNotices {
  close(): Promise<void>;
}

/**
 * Listens to a PostgreSQL notification channel on a connection of its own (outside the pool: a LISTEN holds its
 * connection), and reconnects after a loss with a growing delay (up to `maxRetryMs`). While it is down, the handler is
 * told so: what it caches on the strength of the notices must not be trusted then. Notices come from triggers
 * (drizzle/0022_actor_change_notices.sql), so every writer is heard, whichever instance, job or script wrote.
 */
export function listenForChanges(url: string, channel: string, handlers: ChangeNoticeHandlers, o: { retryMs?: number; maxRetryMs?: number } = {}): ChangeNotices {
  const retryMs = o.retryMs ?? 500;
  const maxRetryMs = o.maxRetryMs ?? 15_000;
  let closed = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let delay = retryMs;

  const down = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    handlers.onListening(false);
    c.end().catch(() => undefined);
    if (closed) return;
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
    delay = Math.min(delay * 2, maxRetryMs);
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('error', () => down(c));
    c.on('end', () => down(c));
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.onNotice(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client !== c) return;
      delay = retryMs;
      handlers.onListening(true);
    } catch {
      down(c);
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      // The handler is not told: nothing asks it any more.
      await c?.end().catch(() => undefined);
    },
  };
}
