import { type ChildProcess, fork } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Logger } from '../../logger.ts';
import type { ServiceState } from '../service-module.ts';
import type { InstalledPackage } from './package-installer.ts';

/**
 * The health protocol between the updater and a service it runs from a package (docs/service-versions.md): over the
 * Node IPC channel the updater sends `{ type: 'syrx:health' }` and the service answers
 * `{ type: 'syrx:health', status: 'healthy' | 'starting' | 'unhealthy', reason? }` (it may also send one unasked).
 */
export const healthMessageType = 'syrx:health';
const pollMs = 250;
const stopGraceMs = 5000;
const tailLines = 30;

export interface ServiceProcessOptions {
  pkg: InstalledPackage;
  /** The service's own folder, kept across versions (SYRX_SERVICE_DATA_DIR). */
  dataDir: string;
  /** Its standard output becomes info lines of this logger, its standard error warnings. */
  logger: Logger;
  /** Added to the few variables the process gets (PATH, LANG, TZ and the SYRX_SERVICE_* ones). */
  env?: Record<string, string>;
  /**
   * A build of the agent itself (AgentSupervisor): these arguments, the supervisor's whole environment and working
   * directory, and its output lines written through unchanged (they are the agent's own JSON log lines).
   */
  agent?: { args: string[]; env: NodeJS.ProcessEnv; execArgv?: string[] };
  /** How long after SIGTERM it is killed (default 5 s). */
  stopGraceMs?: number;
}

interface HealthAnswer {
  type: typeof healthMessageType;
  status: 'healthy' | 'starting' | 'unhealthy';
  reason?: string;
}
const isHealthAnswer = (m: unknown): m is HealthAnswer => typeof m === 'object' && m !== null && (m as { type?: unknown }).type === healthMessageType;

/** One run of an installed package: a Node child process with an IPC channel, its output in the service's log. */
export class ServiceProcess {
  private readonly child: ChildProcess;
  private healthy = false;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  private readonly exited: Promise<void>;
  private readonly stderrTail: string[] = [];
  private stopAsked = false;
  readonly startedAt = new Date();

  constructor(private readonly o: ServiceProcessOptions) {
    const { pkg } = o;
    const inherited = Object.fromEntries(['PATH', 'LANG', 'TZ'].flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])));
    // execArgv: [] runs plain Node, not the agent's loaders (tsx); the service's own folder is its working directory.
    // The agent's own build from the sources (tsx src/cli/agent-cli.ts run) keeps the supervisor's loaders.
    this.child = fork(pkg.entry, o.agent?.args ?? [], {
      cwd: o.agent ? process.cwd() : pkg.dir,
      execArgv: o.agent?.execArgv ?? [],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: o.agent?.env ?? { ...inherited, SYRX_SERVICE_ID: pkg.serviceId, SYRX_SERVICE_VERSION: pkg.version, SYRX_SERVICE_DIR: pkg.dir, SYRX_SERVICE_DATA_DIR: o.dataDir, ...o.env },
    });
    this.exited = new Promise((resolve) => {
      // close, not exit: its standard error has been read to the end, so the reason it ended is complete.
      this.child.once('close', (code, signal) => {
        this.exit = { code, signal };
        resolve();
      });
      // A program that cannot be started at all (e.g. ENOENT) emits error and maybe no exit.
      this.child.once('error', (err) => {
        this.stderrTail.push(err.message);
        if (this.child.exitCode === null && this.child.pid === undefined) {
          this.exit = { code: null, signal: null };
          resolve();
        }
      });
    });
    const out = o.agent ? (line: string) => process.stdout.write(`${line}\n`) : (line: string) => o.logger.info(line);
    const err = o.agent ? (line: string) => process.stderr.write(`${line}\n`) : (line: string) => o.logger.warn(line);
    if (this.child.stdout) createInterface({ input: this.child.stdout }).on('line', out);
    if (this.child.stderr) {
      createInterface({ input: this.child.stderr }).on('line', (line) => {
        err(line);
        this.stderrTail.push(line);
        if (this.stderrTail.length > tailLines) this.stderrTail.shift();
      });
    }
  }

  get pid(): number | null {
    return this.child.pid ?? null;
  }

  /** Whether it was asked to stop (its end is then no failure). */
  get stopping(): boolean {
    return this.stopAsked;
  }

  get alive(): boolean {
    return this.exit === null;
  }

  state(): ServiceState {
    if (this.exit) return 'failed';
    return this.healthy ? 'active' : 'activating';
  }

  /** Called once the process has ended (by itself or stopped). */
  onExit(listener: (exit: { code: number | null; signal: NodeJS.Signals | null }) => void): void {
    void this.exited.then(() => this.exit && listener(this.exit));
  }

  /** Resolves once the service answers healthy; rejects with the reason it will not (answered unhealthy, ended, timed out, aborted). */
  waitHealthy(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const finish = (err?: Error) => {
        clearInterval(poll);
        clearTimeout(timer);
        this.child.off('message', onMessage);
        signal?.removeEventListener('abort', onAbort);
        if (err) reject(err);
        else resolve();
      };
      const onMessage = (m: unknown) => {
        if (!isHealthAnswer(m)) return;
        if (m.status === 'healthy') {
          this.healthy = true;
          finish();
        } else if (m.status === 'unhealthy') finish(new Error(`it reported unhealthy${m.reason ? `: ${m.reason}` : ''}`));
      };
      const onAbort = () => finish(new Error('the updater stopped'));
      const ask = () => {
        if (this.child.connected) this.child.send({ type: healthMessageType }, () => undefined);
      };
      this.child.on('message', onMessage);
      signal?.addEventListener('abort', onAbort);
      const poll = setInterval(ask, pollMs);
      const timer = setTimeout(() => finish(new Error(`it did not report healthy within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
      ask();
      void this.exited.then(() => finish(new Error(this.exitReason())));
      if (this.healthy) finish();
    });
  }

  /** Why the process ended: with the error it printed last (Node's uncaught exception), else its last lines of standard error. */
  exitReason(): string {
    const how = this.exit?.signal ? `was killed by ${this.exit.signal}` : `exited with code ${this.exit?.code ?? 'unknown'}`;
    // Not the stack frames, Node's version line or the caret under the source line.
    const meaningful = this.stderrTail.filter((l) => l.trim() && !/^\s+at /.test(l) && !/^Node\.js v/.test(l) && !/^\s*\^+\s*$/.test(l));
    const error = meaningful.findLast((l) => /^[\w.$]*(Error|Exception)\b/.test(l));
    const detail = error ?? meaningful.slice(-3).join(' | ');
    return `it ${how}${detail ? `: ${detail}` : ''}`;
  }

  /** SIGTERM, then SIGKILL after a grace period; resolves once it has ended. */
  async stop(): Promise<void> {
    this.stopAsked = true;
    if (!this.alive) return;
    this.child.kill('SIGTERM');
    const kill = setTimeout(() => this.child.kill('SIGKILL'), this.o.stopGraceMs ?? stopGraceMs);
    await this.exited;
    clearTimeout(kill);
  }
}
