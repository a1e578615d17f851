import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { pointHealthCategories, sweepControllerStatuses } from '@syrx/contracts/point-health';
import { bacnetDevices, bacnetPoints } from './bacnet.ts';
import { syrxControllers } from './controllers.ts';
import { groups } from './groups.ts';
import { jobs } from './jobs.ts';
import { users } from './users.ts';
import { at, belongsTo, belongsToUuid, identityId, writtenAt } from './columns.ts';

/**
 * A point health sweep (docs/point-health.md) of one controller or of a group and its subgroups. It runs as a job
 * (status, progress and times are the job's); `scope_key` names the scope so a sweep is compared with the previous
 * one of the same scope.
 */
export const pointHealthSweeps = pgTable(
  'point_health_sweeps',
  {
    id: identityId(),
    syrxControllerId: uuid('syrx_controller_id').references(() => syrxControllers.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    scopeKey: text('scope_key').notNull(),
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    operatorPriorities: jsonb('operator_priorities').$type<number[]>().notNull(),
    programPriorities: jsonb('program_priorities').$type<number[]>(),
    createdAt: writtenAt('created_at'),
  },
  (t) => [
    check('point_health_sweeps_scope_check', sql`(${t.syrxControllerId} is null) <> (${t.groupId} is null)`),
    index('point_health_sweeps_scope_idx').on(t.scopeKey, t.id.desc()),
  ],
);

/** The controllers a sweep covers and how far it got with each (the fleet view reads each controller's latest). */
export const pointHealthSweepControllers = pgTable(
  'point_health_sweep_controllers',
  {
    sweepId: belongsTo('sweep_id', () => pointHealthSweeps.id),
    syrxControllerId: belongsToUuid('syrx_controller_id', () => syrxControllers.id),
    status: text('status', { enum: sweepControllerStatuses }).notNull().default('pending'),
    errorMessage: text('error_message'),
    deviceCount: integer('device_count').notNull().default(0),
    pointCount: integer('point_count').notNull().default(0),
    sweptAt: at('swept_at'),
  },
  (t) => [
    primaryKey({ columns: [t.sweepId, t.syrxControllerId] }),
    index('point_health_sweep_controllers_controller_idx').on(t.syrxControllerId, t.sweepId.desc()),
  ],
);

/**
 * One finding of a sweep: a point in one category (a point may be in several), or a device that did not answer
 * (unreachable, no point). What the device answered is kept as read; `finding_key` (category, device, point) matches a
 * finding across sweeps and makes a step written twice store it once.
 */
export const pointHealthFindings = pgTable(
  'point_health_findings',
  {
    id: identityId(),
    sweepId: belongsTo('sweep_id', () => pointHealthSweeps.id),
    syrxControllerId: belongsToUuid('syrx_controller_id', () => syrxControllers.id),
    deviceId: belongsTo('device_id', () => bacnetDevices.id),
    pointId: integer('point_id').references(() => bacnetPoints.id, { onDelete: 'cascade' }),
    category: text('category', { enum: pointHealthCategories }).notNull(),
    findingKey: text('finding_key').notNull(),
    presentValue: jsonb('present_value'),
    statusFlags: jsonb('status_flags'),
    outOfService: boolean('out_of_service'),
    reliability: integer('reliability'),
    eventState: integer('event_state'),
    /** The slot that holds the value: an override's operator priority, else the winning one. */
    priority: integer('priority'),
    priorityArray: jsonb('priority_array'),
    relinquishDefault: jsonb('relinquish_default'),
    detail: text('detail'),
    latestRecordOn: at('latest_record_on'),
    relinquishedAt: at('relinquished_at'),
    relinquishedBy: integer('relinquished_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('point_health_findings_sweep_key').on(t.sweepId, t.findingKey),
    index('point_health_findings_sweep_category_idx').on(t.sweepId, t.category),
    index('point_health_findings_sweep_controller_idx').on(t.sweepId, t.syrxControllerId),
  ],
);

/**
 * A group's scheduled sweep (one a group): every day at `hour_utc`, a sweep of the group and its subgroups started for
 * the user who scheduled it. `next_run_at` moves on in the statement that claims it, so one instance queues each run.
 */
export const pointHealthSchedules = pgTable(
  'point_health_schedules',
  {
    groupId: integer('group_id').primaryKey().references(() => groups.id, { onDelete: 'cascade' }),
    hourUtc: integer('hour_utc').notNull(),
    operatorPriorities: jsonb('operator_priorities').$type<number[]>().notNull(),
    programPriorities: jsonb('program_priorities').$type<number[]>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    nextRunAt: at('next_run_at').notNull(),
    lastSweepId: integer('last_sweep_id').references(() => pointHealthSweeps.id, { onDelete: 'set null' }),
    updatedAt: writtenAt('updated_at'),
  },
  (t) => [
    check('point_health_schedules_hour_check', sql`${t.hourUtc} between 0 and 23`),
    index('point_health_schedules_next_idx').on(t.nextRunAt),
  ],
);
