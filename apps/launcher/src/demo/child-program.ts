import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import type { ListeningServer } from '@syrx/server';

export interface ChildProgram {
  readonly name: string;
  /** Resolves when the program says it is ready ({ready: true} over IPC), rejects when it exits first. */
  readonly started: Promise<void>;
  /** Resolves with the exit code when the program ends. */
  readonly exited: Promise<number | null>;
  stop(): Promise<void>;
}

type Log = ListeningServer['log'];

const tsxLoader = createRequire(import.meta.url).resolve('tsx');

/**
 * Runs a TypeScript program of this repository (the simulator, an agent) as a child process through tsx. Its
 * output goes to the server's log under its name. It gets an IPC channel, so it can stop itself when the server
 * goes away without a chance to stop it (a killed server must not leave ports bound).
 */
export function startChildProgram(name: string, entry: string, args: string[], env: NodeJS.ProcessEnv, log: Log): ChildProgram {
  const child: ChildProcess = spawn(process.execPath, ['--import', tsxLoader, entry, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    // Its own process group: Ctrl-C reaches only the server, which stops its children in order.
    detached: true,
  });
  const childLog = log.child({ program: name, pid: child.pid });
  const started = new Promise<void>((resolve) => child.on('message', (m: unknown) => (m as { ready?: boolean } | null)?.ready === true && resolve()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  if (child.stdout) createInterface({ input: child.stdout }).on('line', (line) => relayLine(childLog, line, 'info'));
  if (child.stderr) createInterface({ input: child.stderr }).on('line', (line) => relayLine(childLog, line, 'warn'));
  const ready = Promise.race([started, exited.then((code) => Promise.reject(new Error(`${name} exited with code ${String(code)} before it started`)))]);
  // Awaiting readiness is optional; a program that never says it is ready must not become an unhandled rejection.
  ready.catch(() => undefined);
  return {
    name,
    started: ready,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const pinoLevels: Record<number, 'debug' | 'info' | 'warn' | 'error'> = { 10: 'debug', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'error' };

/** A child's output line into the server's log; pino JSON lines keep their level and fields. */
function relayLine(log: Log, line: string, fallback: 'info' | 'warn'): void {
  if (line.startsWith('{')) {
    try {
      const { level, msg, time: _t, pid: _p, hostname: _h, ...fields } = JSON.parse(line) as { level?: number; msg?: string; [k: string]: unknown };
      log[pinoLevels[level ?? 30] ?? 'info'](fields, msg ?? '');
      return;
    } catch {
      // not JSON after all: log it as text
    }
  }
  log[fallback](line);
}
