import type { RequestOrigin } from '../../security/actor.ts';

/** An open terminal: whose, on which controller, through which browser socket, since when. */
export interface TerminalSession {
  terminalId: string;
  controllerId: string;
  groupId: number | null;
  userId: number;
  socketId: string;
  origin: RequestOrigin | null;
  openedAt: number;
  idle: NodeJS.Timeout;
}

/**
 * The terminal sessions this server instance holds (those of the browser sockets connected to it), by terminal id,
 * each with its idle timer: touch() restarts it, take() removes the session and stops it.
 */
export class TerminalSessions {
  private readonly byId = new Map<string, TerminalSession>();

  constructor(
    private readonly idleMs: number,
    private readonly onIdle: (s: TerminalSession) => void,
  ) {}

  add(s: Omit<TerminalSession, 'idle' | 'openedAt'>): TerminalSession {
    const session: TerminalSession = { ...s, openedAt: Date.now(), idle: this.timer(s.terminalId) };
    this.byId.set(s.terminalId, session);
    return session;
  }

  get(terminalId: string): TerminalSession | undefined {
    return this.byId.get(terminalId);
  }

  /** Input or output happened: the idle time starts again. */
  touch(s: TerminalSession): void {
    clearTimeout(s.idle);
    s.idle = this.timer(s.terminalId);
  }

  /** Removes the session (once: a second take answers undefined). */
  take(terminalId: string): TerminalSession | undefined {
    const s = this.byId.get(terminalId);
    if (!s) return undefined;
    clearTimeout(s.idle);
    this.byId.delete(terminalId);
    return s;
  }

  where(predicate: (s: TerminalSession) => boolean): TerminalSession[] {
    return [...this.byId.values()].filter(predicate);
  }

  private timer(terminalId: string): NodeJS.Timeout {
    const t = setTimeout(() => {
      const s = this.byId.get(terminalId);
      if (s) this.onIdle(s);
    }, this.idleMs);
    t.unref();
    return t;
  }
}
