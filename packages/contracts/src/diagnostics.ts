import { z } from 'zod';

/** What the diagnostic service reports (spec 01 section 3), every interval, and the server keeps for a while. */
export const processInfoSchema = z.object({
  pid: z.number().int(),
  name: z.string(),
  command: z.string(),
  user: z.string(),
  cpu_percent: z.number(),
  mem_percent: z.number(),
  mem_kb: z.number(),
  started: z.string().nullable(),
});
export type ProcessInfo = z.infer<typeof processInfoSchema>;

export const rabbitQueueSchema = z.object({
  name: z.string(), policy: z.string().nullable(), numMessagesReady: z.number().int(), numMessagesUnacknowledged: z.number().int(),
  numMessagesTotal: z.number().int(), firstSeenTimestamp: z.string(), '@timestamp': z.string(),
});
export const rabbitChannelSchema = z.object({
  name: z.string(), connectionName: z.string(), numConsumers: z.number().int(), prefetchCount: z.number().int(), numMessagesUnacknowledged: z.number().int(),
});
export const rabbitConnectionSchema = z.object({ name: z.string(), peerHost: z.string(), peerPort: z.number().int(), host: z.string(), port: z.number().int() });
/** not-configured: the controller has no broker; unreachable: one is configured but did not answer (see error). */
export const brokerStates = ['ok', 'not-configured', 'unreachable'] as const;

/** agent → server, acknowledged: one snapshot. */
export const diagnosticsSnapshotSchema = z.object({
  timestamp: z.number().int().positive(),
  processes: z.array(processInfoSchema).max(2000),
  network_interface_information: z.string().max(200_000),
  rabbitmq: z.object({
    state: z.enum(brokerStates),
    error: z.string().max(2000).nullable(),
    queues: z.array(rabbitQueueSchema).max(5000),
    channels: z.array(rabbitChannelSchema).max(5000),
    connections: z.array(rabbitConnectionSchema).max(5000),
  }),
});
export type DiagnosticsSnapshot = z.infer<typeof diagnosticsSnapshotSchema>;

/** GET …/services/{diagnostic service}/diagnostics/latest?startDate&endDate: the latest snapshot in the range (default the last 10 minutes). */
export const diagnosticsQuerySchema = z.object({
  startDate: z.string().datetime({ offset: true }).optional(),
  endDate: z.string().datetime({ offset: true }).optional(),
});
export const diagnosticsLatestSchema = z.object({
  process_information: z.object({ timestamp: z.string(), processes: z.array(processInfoSchema) }).nullable(),
  network_interface_information: z.object({ timestamp: z.string(), networkInterfaceInformation: z.string() }).nullable(),
  rabbitmq_metrics: z.object({
    timestamp: z.string(),
    state: z.enum(brokerStates),
    error: z.string().nullable(),
    rabbitmq_metrics_active_queues: z.array(rabbitQueueSchema),
    rabbitmq_metrics_active_channels: z.array(rabbitChannelSchema),
    rabbitmq_metrics_active_connections: z.array(rabbitConnectionSchema),
  }).nullable(),
});
export type DiagnosticsLatest = z.infer<typeof diagnosticsLatestSchema>;
export const diagnosticsRefreshMs = 5000;
export const diagnosticsDefaultRangeMinutes = 10;
