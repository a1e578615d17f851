import { existsSync } from 'node:fs';
import { agentEvents } from '@syrx/contracts/agent-protocol';
import { serviceUnits } from '@syrx/contracts/services';
import { z } from 'zod';
import type { Logger } from '../logger.ts';
import type { AgentTask } from '../services/service-module.ts';
import { LiveLogBatcher } from './live-log-batcher.ts';
import { agentLogSource, journalSource, type LiveLogSource } from './live-log-sources.ts';
import type { LogHub } from './log-hub.ts';

export interface LiveLogsOptions {
  hub: LogHub;
  /** The agent's output level (pino's number): without systemd, the lines it writes from there up are streamed. */
  outputLevel: number;
  logger: Logger;
  /** Whether systemd runs (default: /run/systemd/system exists); then the journal of `units` is streamed. */
  systemd?: boolean;
  /** The units whose journal is followed (default: every service unit of contracts/services.ts). */
  units?: readonly string[];
  /** At most one message per interval (default 100 ms). */
  intervalMs?: number;
}

export type LiveLogs = AgentTask & {
  /** Whether entries are streamed now (someone watches). */
  streaming(): boolean;
};

const watchSchema = z.object({ watch: z.boolean() });

/**
 * Streams the agent's journal to the server while someone watches (server/agent/live-logs { watch }), as
 * agent/server/live-logs { logEntries } at most ten times a second; stops when told, when the connection is lost
 * (the server asks again once it is back) and when the agent stops.
 */
export function createLiveLogs(o: LiveLogsOptions): LiveLogs {
  const logger = o.logger.child({ logger: 'Syrx.Agent.LiveLogs' });
  const systemd = o.systemd ?? existsSync('/run/systemd/system');
  const source: LiveLogSource = systemd ? journalSource(o.units ?? Object.values(serviceUnits), logger) : agentLogSource(o.hub, o.outputLevel);
  let stopSource: (() => void) | null = null;
  let batcher: LiveLogBatcher | null = null;

  const end = () => {
    if (!stopSource) return;
    stopSource();
    stopSource = null;
    batcher?.clear();
  };

  return {
    start(context) {
      batcher = new LiveLogBatcher({ send: (logEntries) => context.emit?.(agentEvents.liveLogs, { logEntries }), intervalMs: o.intervalMs });
      context.on?.(agentEvents.liveLogsWatch, (payload, ack) => {
        const parsed = watchSchema.safeParse(payload);
        ack?.(parsed.success ? { ok: true } : { ok: false, error: 'expected { watch: boolean }' });
        if (!parsed.success) return;
        if (!parsed.data.watch) return end();
        if (stopSource) return;
        logger.debug({ source: systemd ? 'journal' : 'agent' }, 'live logs: streaming');
        stopSource = source((entries) => batcher?.add(entries));
      });
      context.onDisconnect?.(end);
    },
    streaming: () => stopSource !== null,
    async stop() {
      end();
    },
  };
}
