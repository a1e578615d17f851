import { z } from 'zod';
import { filterFieldTypes, filterOperators, sortSchema } from './grid.ts';

/**
 * Background jobs (spec 02, sections 3 and 7; issue 6). A job is a row in the database; workers claim queued jobs with
 * FOR UPDATE SKIP LOCKED and hold a lease they renew while they run. See docs/jobs.md.
 *
 * Status values (the specification does not show them; ours, documented in docs/jobs.md):
 * - queued: waiting for a worker (also a job whose worker died: its lease expired and it was put back).
 * - running: a worker holds it (a parent job is running while its children run, one after another).
 * - succeeded, failed, cancelled: finished (finished_time set). A failed child fails its parent; the siblings after it
 *   are cancelled.
 */
export const jobStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];
export const finishedJobStatuses: readonly JobStatus[] = ['succeeded', 'failed', 'cancelled'];

/**
 * Job types: a move of vendor point data (parent) and its steps (children, in sibling order), CSV imports, a group's
 * upload of its own point data, and the backfill of the point records' rollups.
 */
export const jobTypes = [
  'vendor_point_record_move', 'point_record_copy', 'point_record_delete_source', 'equipment_point_remap',
  'vendor_point_record_import', 'pcs_point_import', 'group_data_upload', 'point_record_rollup_backfill', 'point_health_sweep',
] as const;
export type JobType = (typeof jobTypes)[number];

export const jobSchema = z.object({
  id: z.number().int(),
  parent_job_id: z.number().int().nullable(),
  sibling_job_execution_order_index: z.number().int(),
  job_type: z.enum(jobTypes),
  status: z.enum(jobStatuses),
  /** 0 to 100. */
  progress: z.number(),
  priority: z.number().int(),
  user_id: z.number().int().nullable(),
  /** The user's username when the server joins it (the grid shows it). */
  username: z.string().nullable().optional(),
  created_time: z.string(),
  queued_time: z.string().nullable(),
  run_started_time: z.string().nullable(),
  run_finished_time: z.string().nullable(),
  finished_time: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  /** How many times a worker has started it (more than 1 after a worker died or a retry). */
  attempts: z.number().int(),
  /** The failure of a failed job, in one line. */
  error_message: z.string().nullable(),
  child_job_count: z.number().int(),
});
export type Job = z.infer<typeof jobSchema>;

/** A page of a list: the rows asked for and how many there are in all. */
export const pageSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });
export interface Page<T> { items: T[]; total: number }

export const sortableJobFields = ['id', 'job_type', 'status', 'progress', 'priority', 'username', 'created_time', 'queued_time', 'run_started_time', 'finished_time'] as const;
export const filterableJobFields = {
  id: 'number', job_type: 'string', status: 'string', progress: 'number', priority: 'number', username: 'string',
  created_time: 'date', queued_time: 'date', run_started_time: 'date', finished_time: 'date',
} as const;

const objectList = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v as Record<string, unknown>) : v);

/**
 * GET /api/v2/jobs: pageNum (from 1) and pageSize (default 20, at most 200), sort as for every grid
 * (sort=created_time:desc or sort[0][field]=…), and filter (only non-empty filters): filter[0][field]=status&
 * filter[0][field_type]=string&filter[0][operator]=eq&filter[0][value]=running. Top-level jobs only unless
 * includeChildren=true. Default sort: created_time descending.
 */
export const jobsQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  sort: z.preprocess((v) => {
    if (typeof v === 'string') return v.split(',').filter(Boolean).map((s) => ({ field: s.split(':')[0], dir: s.split(':')[1] || undefined }));
    return objectList(v);
  }, z.array(sortSchema).max(4)).optional(),
  filter: z.preprocess(objectList, z.array(z.object({
    field: z.string().min(1).max(64),
    field_type: z.enum(filterFieldTypes),
    operator: z.enum(filterOperators),
    value: z.preprocess((v) => (v === undefined || v === null ? '' : typeof v === 'number' || typeof v === 'boolean' ? String(v) : v), z.string().max(500)),
  })).max(10)).optional(),
  includeChildren: z.enum(['true', 'false']).optional(),
});
export type JobsQuery = z.infer<typeof jobsQuerySchema>;

export const jobLogLevels = ['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export type JobLogLevel = (typeof jobLogLevels)[number];

export const jobLogSchema = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  parentLogId: z.number().int().nullable(),
  timestamp: z.string(),
  level: z.enum(jobLogLevels),
  message: z.string(),
  errorMessage: z.string().nullable(),
  hasChildLogs: z.boolean(),
});
export type JobLog = z.infer<typeof jobLogSchema>;

/** GET /api/v2/jobs/{id}/logs?parentLogId=null|{logId}: the entries under that entry (top level for 'null'), oldest first. */
export const jobLogsQuerySchema = z.object({
  parentLogId: z.union([z.literal('null'), z.coerce.number().int().min(1)]).default('null'),
});
