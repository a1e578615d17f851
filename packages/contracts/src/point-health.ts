import { z } from 'zod';
import { bacnetValueSchema, priorityArraySchema, statusFlagsSchema } from './agent-protocol.ts';
import { dbIdParamSchema, dbIdSchema } from './ids.ts';
import { jobStatuses } from './jobs.ts';

/**
 * Point health sweeps (issue 25, docs/point-health.md): every point of the chosen controllers read through their agents,
 * classified into findings an engineer acts on, and compared with the previous sweep of the same scope.
 */
export const pointHealthCategories = ['overridden', 'out_of_service', 'fault', 'in_alarm', 'stale', 'unreachable'] as const;
export type PointHealthCategory = (typeof pointHealthCategories)[number];
/** What a finding is about, as people read it: "Damper Position (VAV-2-02)", or the device alone ("device 1101"). */
export function findingSubject(f: { point_name: string | null; device_name: string | null; device_instance: number }): string {
  const device = f.device_name ?? `device ${f.device_instance}`;
  return f.point_name ? `${f.point_name} (${device})` : device;
}

export const pointHealthCategoryLabels: Readonly<Record<PointHealthCategory, string>> = {
  overridden: 'Overridden', out_of_service: 'Out of service', fault: 'Fault', in_alarm: 'In alarm', stale: 'Stale', unreachable: 'Unreachable',
};

/** A finding against the previous sweep of the same scope: new, still there, or gone (resolved). */
export const findingChanges = ['new', 'unchanged', 'resolved'] as const;
export type FindingChange = (typeof findingChanges)[number];

/** The operator's priority (BACnet's "manual operator"): a value commanded there is an override. */
export const defaultOperatorPriorities: readonly number[] = [8];
/** A point selected for reporting is stale when its latest record is older than this many reporting intervals. */
export const staleAfterIntervals = 3;

const priorities = z.array(z.number().int().min(1).max(16)).min(1).max(16);

/**
 * POST /api/v2/point-health/sweeps: one controller or one group (with its subgroups); the server says which is missing.
 * `operator_priorities` (default [8]) are overrides; with `program_priorities`, a value at any other priority is one too.
 */
export const startSweepSchema = z.object({
  syrx_controller_id: z.string().uuid().optional(),
  group_id: dbIdSchema.optional(),
  operator_priorities: priorities.optional(),
  program_priorities: priorities.optional(),
});
export type StartSweep = z.infer<typeof startSweepSchema>;

export const categoryCountsSchema = z.object(Object.fromEntries(pointHealthCategories.map((c) => [c, z.number().int()])) as Record<PointHealthCategory, z.ZodNumber>);
export type CategoryCounts = z.infer<typeof categoryCountsSchema>;

export const sweepComparisonSchema = z.object({
  previous_sweep_id: z.number().int(),
  new: z.number().int(),
  resolved: z.number().int(),
  unchanged: z.number().int(),
});
export type SweepComparison = z.infer<typeof sweepComparisonSchema>;

export const pointHealthSweepSchema = z.object({
  id: z.number().int(),
  scope: z.enum(['controller', 'group']),
  syrx_controller_id: z.string().nullable(),
  syrx_controller_name: z.string().nullable(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  /** The job's: queued, running, succeeded, failed (cancelled does not happen to a sweep). */
  status: z.enum(jobStatuses),
  progress: z.number(),
  job_id: z.number().int().nullable(),
  username: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  error_message: z.string().nullable(),
  operator_priorities: z.array(z.number().int()),
  program_priorities: z.array(z.number().int()).nullable(),
  controller_count: z.number().int(),
  device_count: z.number().int(),
  point_count: z.number().int(),
  counts: categoryCountsSchema,
  /** Against the previous finished sweep of the same scope; null when there is none. */
  comparison: sweepComparisonSchema.nullable(),
});
export type PointHealthSweep = z.infer<typeof pointHealthSweepSchema>;

/** How far a sweep got with one controller: swept, or not (its agent was not connected). */
export const sweepControllerStatuses = ['pending', 'swept', 'agent_unavailable'] as const;
export const sweepControllerSchema = z.object({
  syrx_controller_id: z.string(),
  syrx_controller_name: z.string(),
  group_name: z.string().nullable(),
  status: z.enum(sweepControllerStatuses),
  error_message: z.string().nullable(),
  device_count: z.number().int(),
  point_count: z.number().int(),
  counts: categoryCountsSchema,
});
export type SweepController = z.infer<typeof sweepControllerSchema>;

/** The fleet view: each controller the caller sees with its latest finished sweep's counts (none yet: nulls). */
export const fleetRowSchema = z.object({
  syrx_controller_id: z.string(),
  syrx_controller_name: z.string(),
  group_id: z.number().int(),
  group_name: z.string().nullable(),
  sweep_id: z.number().int().nullable(),
  swept_at: z.string().nullable(),
  sweep_status: z.enum(sweepControllerStatuses).nullable(),
  counts: categoryCountsSchema.nullable(),
});
export type FleetRow = z.infer<typeof fleetRowSchema>;
export const fleetQuerySchema = z.object({ group_id: dbIdParamSchema.optional() });

export const pointHealthFindingSchema = z.object({
  id: z.number().int(),
  sweep_id: z.number().int(),
  category: z.enum(pointHealthCategories),
  /** Against the previous sweep of the scope (null without one); `resolved` rows are the previous sweep's. */
  change: z.enum(findingChanges).nullable(),
  syrx_controller_id: z.string(),
  syrx_controller_name: z.string(),
  device_id: z.number().int(),
  device_instance: z.number().int(),
  device_name: z.string().nullable(),
  point_id: z.number().int().nullable(),
  object_type: z.number().int().nullable(),
  instance_number: z.number().int().nullable(),
  point_name: z.string().nullable(),
  units: z.string().nullable(),
  present_value: bacnetValueSchema,
  status_flags: statusFlagsSchema.nullable(),
  out_of_service: z.boolean().nullable(),
  reliability: z.number().int().nullable(),
  event_state: z.number().int().nullable(),
  /** The priority slot that holds the point's value (an override's operator priority; else the winning slot). */
  priority: z.number().int().nullable(),
  priority_array: priorityArraySchema.nullable(),
  relinquish_default: bacnetValueSchema,
  /** Why, in words: the device's error, "no record for 2 h" … */
  detail: z.string().nullable(),
  latest_record_on: z.string().nullable(),
  relinquished_at: z.string().nullable(),
  relinquished_by: z.string().nullable(),
});
export type PointHealthFinding = z.infer<typeof pointHealthFindingSchema>;

export const sortableFindingFields = ['category', 'syrx_controller_name', 'device_instance', 'device_name', 'point_name', 'object_type', 'priority'] as const;

const paging = {
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
};
export const sweepsQuerySchema = z.object({ ...paging, syrx_controller_id: z.string().uuid().optional(), group_id: dbIdParamSchema.optional() });
export type SweepsQuery = z.infer<typeof sweepsQuerySchema>;

/** Which findings: by category, controller, device, change against the previous sweep. */
export const findingsFilterSchema = z.object({
  category: z.enum(pointHealthCategories).optional(),
  syrx_controller_id: z.string().uuid().optional(),
  device_id: dbIdParamSchema.optional(),
  change: z.enum(findingChanges).optional(),
});
export const findingsQuerySchema = findingsFilterSchema.extend({
  ...paging,
  /** field:dir, e.g. device_name:asc (default: category, controller, device, object). */
  sort: z.string().regex(new RegExp(`^(${sortableFindingFields.join('|')}):(asc|desc)$`), `field:asc or field:desc, the field one of ${sortableFindingFields.join(', ')}`).optional(),
});
export type FindingsFilter = z.infer<typeof findingsFilterSchema>;
export type FindingsQuery = z.infer<typeof findingsQuerySchema>;

/** A group's scheduled sweep: every day at `hour_utc` (0–23, UTC), its controllers and its subgroups' swept. */
export const pointHealthScheduleSchema = z.object({
  group_id: z.number().int(),
  group_name: z.string().nullable(),
  hour_utc: z.number().int(),
  operator_priorities: z.array(z.number().int()),
  program_priorities: z.array(z.number().int()).nullable(),
  /** Who scheduled it: the sweeps run as theirs. */
  username: z.string().nullable(),
  next_run_at: z.string(),
  last_sweep_id: z.number().int().nullable(),
});
export type PointHealthSchedule = z.infer<typeof pointHealthScheduleSchema>;
/** PUT /api/v2/point-health/schedules/{groupId}. */
export const putScheduleSchema = z.object({
  hour_utc: z.number().int().min(0).max(23),
  operator_priorities: priorities.optional(),
  program_priorities: priorities.optional(),
});
export type PutSchedule = z.infer<typeof putScheduleSchema>;

export const pointHealthMessages = {
  scopeRequired: 'Choose a controller or a group to sweep.',
  oneScope: 'Sweep a controller or a group, not both.',
  notOverride: 'Only an override can be relinquished.',
  stillHeld: 'The device still holds a value at that priority.',
} as const;

/** Reliability by number, as BACnet names it ("no-sensor"); others read as the number. */
export const reliabilityNames: Readonly<Record<number, string>> = {
  0: 'no-fault-detected', 1: 'no-sensor', 2: 'over-range', 3: 'under-range', 4: 'open-loop', 5: 'shorted-loop', 6: 'no-output',
  7: 'unreliable-other', 8: 'process-error', 9: 'multi-state-fault', 10: 'configuration-error', 12: 'communication-failure',
  13: 'member-fault', 14: 'monitored-object-fault', 15: 'tripped',
};
/** Event_State by number. */
export const eventStateNames: Readonly<Record<number, string>> = {
  0: 'normal', 1: 'fault', 2: 'offnormal', 3: 'high-limit', 4: 'low-limit', 5: 'life-safety-alarm',
};
