import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { spawn, type IPty } from 'node-pty';

export interface TerminalEvents {
  output(terminalId: string, data: string): void;
  exit(terminalId: string, exitCode: number | null): void;
}

export interface TerminalsOptions {
  /** At most this many at once (default 8); beyond, opening is refused. */
  max?: number;
  /** The shell (default: $SHELL as given, else the user's login shell, else /bin/bash, else /bin/sh). */
  shell?: string;
  /** Variables the shell starts with (PATH, LANG…), besides HOME, USER, LOGNAME, SHELL and TERM. */
  environment?: Record<string, string>;
  /** Output gathers this long before it goes (default 5 ms): a burst of small writes costs one message. */
  outputDelayMs?: number;
}

type Session = { pty: IPty; buffered: string; timer: NodeJS.Timeout | undefined; exited: Promise<void> };
const maxMessage = 256 * 1024;
const defaultPath = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** The user's shell as `TerminalsOptions.shell` describes it. */
export function defaultShell(shell?: string): string {
  const candidates = [shell, userInfo().shell ?? undefined, '/bin/bash', '/bin/sh'];
  return candidates.find((s): s is string => typeof s === 'string' && s.length > 0 && existsSync(s)) ?? '/bin/sh';
}

/** Pseudo-terminals running the user's login shell in their home folder, each under the id the server gave it. */
export class Terminals {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly events: TerminalEvents, private readonly o: TerminalsOptions = {}) {}

  get count(): number {
    return this.sessions.size;
  }

  /** Starts a shell; throws (a message for the user) when it cannot. */
  open(terminalId: string, cols: number, rows: number): void {
    if (this.sessions.has(terminalId)) throw new Error(`Terminal ${terminalId} is already open.`);
    const max = this.o.max ?? 8;
    if (this.sessions.size >= max) throw new Error(`This controller already has ${max} terminals open.`);
    const user = userInfo();
    const shell = defaultShell(this.o.shell);
    const env = { PATH: defaultPath, ...this.o.environment, HOME: user.homedir, USER: user.username, LOGNAME: user.username, SHELL: shell, TERM: 'xterm-256color' };
    const pty = spawn(shell, ['-l'], { name: 'xterm-256color', cols, rows, cwd: user.homedir, env });
    let exited!: () => void;
    const session: Session = { pty, buffered: '', timer: undefined, exited: new Promise((resolve) => { exited = resolve; }) };
    this.sessions.set(terminalId, session);
    pty.onData((data) => {
      session.buffered += data;
      if (session.buffered.length >= maxMessage) this.flush(terminalId, session);
      else session.timer ??= setTimeout(() => this.flush(terminalId, session), this.o.outputDelayMs ?? 5);
    });
    pty.onExit(({ exitCode }) => {
      this.flush(terminalId, session);
      this.sessions.delete(terminalId);
      this.events.exit(terminalId, Number.isInteger(exitCode) ? exitCode : null);
      exited();
    });
  }

  input(terminalId: string, data: string): void {
    this.sessions.get(terminalId)?.pty.write(data);
  }

  resize(terminalId: string, cols: number, rows: number): void {
    this.sessions.get(terminalId)?.pty.resize(cols, rows);
  }

  /** Hangs the shell up (killed if it is still there 3 s later); resolves once it has exited. */
  async close(terminalId: string): Promise<void> {
    const session = this.sessions.get(terminalId);
    if (!session) return;
    session.pty.kill('SIGHUP');
    const force = setTimeout(() => session.pty.kill('SIGKILL'), 3000);
    await session.exited;
    clearTimeout(force);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
  }

  private flush(terminalId: string, session: Session): void {
    clearTimeout(session.timer);
    session.timer = undefined;
    if (!session.buffered) return;
    const data = session.buffered;
    session.buffered = '';
    this.events.output(terminalId, data);
  }
}
