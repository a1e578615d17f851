import { z } from 'zod';
import { gridQuerySchema } from './grid.ts';

/** Service log levels, lowest first (spec 01 section 9). */
export const serviceLogLevels = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'FATAL'] as const;
export type ServiceLogLevel = (typeof serviceLogLevels)[number];
export const defaultMinLogLevel: ServiceLogLevel = 'INFO';

/** A service's log entry as GET …/services/{serviceId}/logs sends it, newest first. */
export const serviceLogEntrySchema = z.object({
  id: z.number().int(),
  syrx_controller_id: z.string(),
  service_id: z.string(),
  timestamp: z.string(),
  level: z.enum(serviceLogLevels),
  logger: z.string(),
  message: z.string(),
  exception: z.string().nullable(),
});
export type ServiceLogEntry = z.infer<typeof serviceLogEntrySchema>;

export const serviceLogQuerySchema = gridQuerySchema.extend({ minLogLevel: z.enum(serviceLogLevels).default(defaultMinLogLevel) });

/** One entry as the agent ships it; `id` is unique per agent (its buffer key), so a batch sent twice is stored once. */
export const agentLogEntrySchema = z.object({
  id: z.string().min(1).max(64),
  service_id: z.string().max(200),
  timestamp: z.number().int().positive(),
  level: z.enum(serviceLogLevels),
  logger: z.string().max(200),
  message: z.string().max(10_000),
  exception: z.string().max(20_000).nullable(),
});
export type AgentLogEntry = z.infer<typeof agentLogEntrySchema>;
/** agent → server, acknowledged ({ ok: true, stored } | { ok: false, error }). */
export const agentLogsUploadSchema = z.object({ entries: z.array(agentLogEntrySchema).min(1).max(1000) });
