/**
 * The benchmark's child processes: each one is node itself running a TypeScript file through tsx (so its pid is the
 * process whose memory and CPU we read), with an IPC channel. Every child started is killed when the benchmark exits,
 * however it exits.
 */
import { type ChildProcess, spawn, type StdioOptions } from 'node:child_process';
import { createRequire } from 'node:module';
import type { ChildMessage, ParentMessage } from './protocol.ts';

const tsx = createRequire(import.meta.url).resolve('tsx');
const running = new Set<ChildProcess>();

process.on('exit', () => {
  for (const c of running) c.kill('SIGKILL');
});

export interface Child {
  process: ChildProcess;
  pid: number;
  /** Resolves once the child exited. */
  exited: Promise<void>;
  send(m: ParentMessage): void;
  /** The next message of this type (rejects if the child exits first). */
  next<T extends ChildMessage['type']>(type: T): Promise<Extract<ChildMessage, { type: T }>>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it exited. */
  stop(graceMs?: number): Promise<void>;
}

export interface ChildOptions {
  args?: string[];
  nodeArgs?: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  stdio?: StdioOptions;
}

export function startChild(file: string, o: ChildOptions = {}): Child {
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), '--import', tsx, file, ...(o.args ?? [])], {
    cwd: o.cwd, env: o.env ?? process.env, stdio: o.stdio ?? ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (child.pid === undefined) throw new Error(`could not start ${file}`);
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => {
    running.delete(child);
    resolve();
  }));
  return {
    process: child,
    pid: child.pid,
    exited,
    send: (m) => {
      if (child.connected) child.send(m);
    },
    next: (type) => new Promise((resolve, reject) => {
      const onMessage = (m: ChildMessage) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        resolve(m as Extract<ChildMessage, { type: typeof type }>);
      };
      child.on('message', onMessage);
      void exited.then(() => reject(new Error(`${file} exited (code ${child.exitCode}, signal ${child.signalCode}) before it said ${type}`)));
    }),
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Kills every child still running (the signal handlers' way out). */
export function killAll(): void {
  for (const c of running) c.kill('SIGKILL');
}
