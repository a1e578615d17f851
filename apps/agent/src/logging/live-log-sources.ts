import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { LiveLogEntry } from '@syrx/contracts/live-logs';
import { serviceIds, serviceUnits, type ServiceId } from '@syrx/contracts/services';
import type { Logger } from '../logger.ts';
import type { LogHub } from './log-hub.ts';
import { messageWithDetails } from './log-hub.ts';
import { journalPriorityLevel, liveLogLevel, truncate } from './log-levels.ts';

/** Streams entries to `push` until the returned function is called. */
export type LiveLogSource = (push: (entries: LiveLogEntry[]) => void) => () => void;

const journalText = (v: unknown): string => {
  if (typeof v === 'string') return v;
  // journalctl prints a field that is not valid UTF-8 as an array of its octets.
  if (Array.isArray(v)) return Buffer.from(v.filter((b): b is number => typeof b === 'number')).toString('utf8');
  return typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
};

/** One line of `journalctl -o json` as a live log entry (null when it is no journal entry). */
export function journalEntryOf(line: string): LiveLogEntry | null {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
  const cursor = journalText(o.__CURSOR);
  const micros = Number(journalText(o.__REALTIME_TIMESTAMP));
  if (!cursor || !Number.isFinite(micros)) return null;
  const priority = Number(journalText(o.PRIORITY) || 6);
  return {
    journalCursor: truncate(cursor, 500),
    timestamp: new Date(Math.floor(micros / 1000)).toISOString(),
    systemdUnit: truncate(journalText(o._SYSTEMD_UNIT) || journalText(o.SYSLOG_IDENTIFIER), 200),
    logLevel: journalPriorityLevel(Number.isFinite(priority) ? priority : 6),
    message: truncate(journalText(o.MESSAGE), 20_000),
  };
}

/** `journalctl -f -o json` for the units, its child process ended when the stream stops. */
export function journalSource(units: readonly string[], logger: Logger): LiveLogSource {
  return (push) => {
    const child = spawn('journalctl', ['-f', '-o', 'json', ...units.flatMap((u) => ['-u', u])], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stopping = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      const entry = journalEntryOf(line);
      if (entry) push([entry]);
    });
    child.stderr.resume();
    child.on('error', (err) => logger.warn({ err: err.message }, 'live logs: journalctl cannot run'));
    child.on('exit', (code, signal) => {
      if (!stopping) logger.warn({ code, signal }, 'live logs: journalctl ended');
    });
    return () => {
      stopping = true;
      child.kill('SIGTERM');
    };
  };
}

/**
 * Without systemd the services all run in the agent: its own lines from `minLevel` up (what it writes to its
 * output), each under its service's unit, with a cursor that grows for the agent's lifetime.
 */
export function agentLogSource(hub: LogHub, minLevel: number): LiveLogSource {
  const prefix = `agent-${Date.now().toString(36)}-`;
  let sequence = 0;
  return (push) =>
    hub.subscribe((line) => {
      if (line.level < minLevel) return;
      const unit = serviceUnits[(line.service ?? serviceIds.updater) as ServiceId] ?? serviceUnits[serviceIds.updater];
      const message = line.exception ? `${messageWithDetails(line)}\n${line.exception}` : messageWithDetails(line);
      push([{
        journalCursor: `${prefix}${String(++sequence).padStart(12, '0')}`,
        timestamp: new Date(line.time).toISOString(),
        systemdUnit: unit,
        logLevel: liveLogLevel(line.level),
        message: truncate(message, 20_000),
      }]);
    });
}
