import { z } from 'zod';
import { guarded, isListUpload, isFiniteNumber, isPositiveInt } from './guarded.ts';
import { dbIdSchema, isDbId } from './ids.ts';

/**
 * Point records: time series of values, one series per data point. Every kind of data point of the specifications
 * shares one store: controller BACnet points, vendor points and PCS points (shared catalogues), and a group's own
 * points ('group-point', uploaded by the group for itself; docs/permissions.md, "Shared catalogues and group data").
 */
export const dataPointKinds = ['controller-bacnet-point', 'vendor-point', 'pcs-point', 'group-point'] as const;
export type DataPointKind = (typeof dataPointKinds)[number];

/** Records older than this or later than now + 1 day are refused (a controller with a wrong clock). */
export const recordTimeLimits = { maxAgeDays: 3660, maxFutureSeconds: 86_400 } as const;

/** The range of record times (ms) accepted now: not older than the age limit, not later than now + a day. */
export function acceptedTimes(now = Date.now()): { min: number; max: number } {
  return { min: now - recordTimeLimits.maxAgeDays * 86_400_000, max: now + recordTimeLimits.maxFutureSeconds * 1000 };
}

/**
 * Values beyond ±1e290 are refused too (records and metric samples): the sums over a series (rollups, chart buckets)
 * are float8, and PostgreSQL fails a sum that overflows, so one such value would fail every upload of its batch, sent
 * again and again. A trillion values of 1e290 sum to 1e302, below float8's 1.8e308. A BACnet REAL is at most 3.4e38;
 * a Double beyond the limit is a device's marker for "no value", not a reading.
 */
export const recordValueLimit = 1e290;
export const isSensibleValue = (v: number): boolean => Math.abs(v) <= recordValueLimit;

/**
 * One record as the agent uploads it: [point id, time in ms since the epoch, value], and 1 when the agent read it back
 * from the device's trend log rather than collecting it live (backfilled; docs/point-records.md). Compact: uploads are large.
 */
export const agentRecordSchema = z.tuple([dbIdSchema, z.number().int().positive(), z.number().finite(), z.literal(1).optional()]);
export type AgentRecord = z.infer<typeof agentRecordSchema>;

/** agent → server, acknowledged: a batch of buffered records. Sending a batch again stores nothing twice. */
export const agentRecordsUploadSchema = z.object({
  records: z.array(agentRecordSchema).min(1).max(5000),
});
const isAgentRecord = (x: unknown): x is AgentRecord =>
  Array.isArray(x) && (x.length === 3 || (x.length === 4 && (x[3] === 1 || x[3] === undefined))) && isDbId(x[0]) && isPositiveInt(x[1]) && isFiniteNumber(x[2]);
/** agentRecordsUploadSchema with a type guard in front (an upload that is well formed is used as it came). */
export const agentRecordsUploadCheck = guarded(agentRecordsUploadSchema, (x) => isListUpload(x, 'records', 1, 5000, isAgentRecord));
export type AgentRecordsAck = { ok: true; stored: number; duplicates: number; refused: number } | { ok: false; error: string };

/**
 * server → agent, acknowledged: backfill these points of the agent's controller (every point selected for reporting
 * when absent) from their devices' trend logs, records after `from` up to `to` (ms since the epoch).
 */
export const agentBackfillRequestSchema = z
  .object({ point_ids: z.array(dbIdSchema).min(1).max(5000).optional(), from: z.number().int().positive(), to: z.number().int().positive() })
  .refine((r) => r.from < r.to, { path: ['to'], message: 'The end must be after the start' });
export type AgentBackfillRequest = z.infer<typeof agentBackfillRequestSchema>;
/** The agent's answer: how many of the points it reports (the others have nothing to backfill). */
export type AgentBackfillAck = { ok: true; points: number } | { ok: false; error: string };

/** What the reporting service collects, pushed in the agent configuration (points selected for reporting). */
export const reportingPointSchema = z.object({
  id: z.number().int(),
  mac_address: z.string(),
  network: z.number().int(),
  destination_mac_address: z.string(),
  destination_network: z.number().int(),
  device_instance_number: z.number().int(),
  object_type: z.number().int(),
  instance_number: z.number().int(),
});
export type ReportingPoint = z.infer<typeof reportingPointSchema>;
export const reportingConfigSchema = z.object({
  /** The reporting service is enabled on the controller. */
  enabled: z.boolean(),
  /** Polling interval for points whose device has no COV. */
  poll_seconds: z.number().int().min(5).max(86_400),
  points: z.array(reportingPointSchema),
});
export type ReportingConfig = z.infer<typeof reportingConfigSchema>;
export const defaultReportingPollSeconds = 60;

/** Resolutions a chart may be downsampled to (spec 01 section 9's list), in seconds. */
export const recordResolutions = { '15s': 15, '1m': 60, '5m': 300, '15m': 900, '1h': 3600, '4h': 14_400, '6h': 21_600, '12h': 43_200, '1d': 86_400, '7d': 604_800 } as const;

const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'A comma-separated list of point ids')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((ids) => ids.length <= 50, 'At most 50 points at once');
const isoTime = z.string().datetime({ offset: true, message: 'An ISO 8601 date and time' });

/** The points and time range every record query names (from inclusive, to exclusive). */
export const recordRangeQuerySchema = z
  .object({ bacnet_point_ids: idList, from: isoTime, to: isoTime })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { path: ['to'], message: 'The end must be after the start' });

/** GET /api/v2/point-records/latest: only the points. */
export const recordPointsQuerySchema = z.object({ bacnet_point_ids: idList });

/** GET /api/v2/point-records: a page of the range's records, oldest first. */
export const recordPageQuerySchema = z.intersection(recordRangeQuerySchema, z.object({
  skip: z.coerce.number().int().min(0).default(0),
  take: z.coerce.number().int().min(1).max(1000).default(100),
}));

/** GET /api/v2/point-records/series: for a chart, downsampled so that no series has more than max_points buckets. */
export const recordSeriesQuerySchema = z.intersection(recordRangeQuerySchema, z.object({ max_points: z.coerce.number().int().min(10).max(5000).default(1000) }));
/** A chart's value: bucket start (or record time), average, minimum, maximum, and how many records the bucket holds. */
export const seriesBucketSchema = z.object({ t: z.string(), avg: z.number(), min: z.number(), max: z.number(), n: z.number().int() });
export const recordSeriesSchema = z.object({
  /** Bucket width; null when the records are returned as they are (few enough). */
  resolution_seconds: z.number().int().nullable(),
  series: z.array(z.object({ bacnet_point_id: z.number().int(), points: z.array(seriesBucketSchema) })),
});
export type RecordSeries = z.infer<typeof recordSeriesSchema>;

/** GET /api/v2/point-records (raw, paged, oldest first) and /count; GET /api/v2/point-records.csv streams them all. */
export const pointRecordSchema = z.object({ bacnet_point_id: z.number().int(), timestamp: z.string(), value: z.number() });
export type PointRecord = z.infer<typeof pointRecordSchema>;

/** GET /api/v2/point-records/latest?bacnet_point_ids=… */
export const latestRecordSchema = z.object({ bacnet_point_id: z.number().int(), timestamp: z.string().nullable(), value: z.number().nullable(), earliest: z.string().nullable(), count: z.number().int() });
export type LatestRecord = z.infer<typeof latestRecordSchema>;

/**
 * POST /api/v2/point-records/backfill: ask a controller's agent to backfill its points (those named, else every point
 * selected for reporting) from their devices' trend logs over from–to (at most 31 days).
 */
export const recordBackfillRequestSchema = z
  .object({
    syrx_controller_id: z.string().uuid('A controller id'),
    bacnet_point_ids: z.array(dbIdSchema).min(1).max(5000).optional(),
    from: isoTime,
    to: isoTime,
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { path: ['to'], message: 'The end must be after the start' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 31 * 86_400_000, { path: ['to'], message: 'At most 31 days at once' });
/** Sent to the agent: it reads the devices' trend logs and uploads what it finds, marked backfilled. */
export const recordBackfillResultSchema = z.object({ requested: z.literal(true) });

/** Diagnostics a service reports in its heartbeat (the reporting buffer's depth and oldest unsent record). */
export const reportingDiagnosticsSchema = z.object({
  buffer_depth: z.number().int(),
  oldest_unsent: z.string().nullable(),
  cov_subscriptions: z.number().int(),
  polled_points: z.number().int(),
  /** Records dropped (oldest first) since the agent started because the buffer was full. */
  dropped_records: z.number().int().optional(),
});
export type ReportingDiagnostics = z.infer<typeof reportingDiagnosticsSchema>;
