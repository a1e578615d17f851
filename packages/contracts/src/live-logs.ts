import { z } from 'zod';

/**
 * The live log socket (spec 01 section 7, spec 02 "Live logs"): a Socket.IO namespace of its own. The browser emits
 * connect with syrxControllerId and receives messages holding logEntries while it watches; the agent streams its
 * journal only while someone watches.
 */
export const liveLogNamespace = '/live-logs';
export const liveLogEvents = {
  connect: 'client/server/connect',
  disconnect: 'client/server/disconnect',
  logEntries: 'server/client/log-entries',
} as const;

export const liveLogLevels = ['DEBUG', 'INFO', 'WARNING', 'ERR', 'CRIT'] as const;
export type LiveLogLevel = (typeof liveLogLevels)[number];
export const liveLogRetentionOptions = [100, 500, 1000, 2000] as const;
export const defaultLiveLogRetention = 2000;
export const liveLogViewModes = ['asc', 'desc'] as const;

export const liveLogEntrySchema = z.object({
  journalCursor: z.string().max(500),
  timestamp: z.string(),
  systemdUnit: z.string().max(200),
  logLevel: z.enum(liveLogLevels),
  message: z.string().max(20_000),
});
export type LiveLogEntry = z.infer<typeof liveLogEntrySchema>;
export const liveLogMessageSchema = z.object({ syrxControllerId: z.string(), logEntries: z.array(liveLogEntrySchema).max(2000) });
export type LiveLogMessage = z.infer<typeof liveLogMessageSchema>;
