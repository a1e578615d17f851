import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { auditActions } from '@syrx/contracts/audit';
import { metricGroupTypes } from '@syrx/contracts/metrics';
import { serviceLogLevels } from '@syrx/contracts/service-logs';
import { syrxControllers } from './controllers.ts';
import { groups } from './groups.ts';
import { users } from './users.ts';
import { at, belongsToUuid, writtenAt } from './columns.ts';

/**
 * Log entries the agent's services shipped. `agent_entry_id` is the agent's buffer key: a batch sent twice is stored
 * once. Kept SERVICE_LOG_RETENTION_DAYS (the ts index serves the hourly deletion).
 */
export const serviceLogs = pgTable(
  'service_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    syrxControllerId: belongsToUuid('syrx_controller_id', () => syrxControllers.id),
    agentEntryId: text('agent_entry_id').notNull(),
    serviceId: text('service_id').notNull(),
    ts: at('ts').notNull(),
    level: text('level', { enum: serviceLogLevels }).notNull(),
    logger: text('logger').notNull(),
    message: text('message').notNull(),
    exception: text('exception'),
    receivedAt: writtenAt('received_at'),
  },
  (t) => [
    unique('service_logs_controller_entry_key').on(t.syrxControllerId, t.agentEntryId),
    index('service_logs_controller_service_level_ts_idx').on(t.syrxControllerId, t.serviceId, t.level, t.ts.desc(), t.id.desc()),
    index('service_logs_ts_idx').on(t.ts),
  ],
);

/** What a metric sample measures: a group of the controller's processes by type and name. */
function metricGroup() {
  return { groupType: text('group_type', { enum: metricGroupTypes }).notNull(), groupName: text('group_name').notNull() };
}

/**
 * Metric samples, one row per controller, group and 15-second time. The migration creates it PARTITION BY RANGE (ts),
 * one partition per month (made on demand, like point_records). No foreign key (a check per sample); a trigger on
 * syrx_controllers deletes a deleted controller's samples.
 */
export const controllerMetrics = pgTable(
  'controller_metrics',
  {
    syrxControllerId: uuid('syrx_controller_id').notNull(),
    ...metricGroup(),
    ts: at('ts').notNull(),
    cpuPercent: doublePrecision('cpu_percent').notNull(),
    memPercent: doublePrecision('mem_percent').notNull(),
    mem: doublePrecision('mem').notNull(),
  },
  (t) => [primaryKey({ name: 'controller_metrics_pkey', columns: [t.syrxControllerId, t.groupType, t.groupName, t.ts] })],
);

/**
 * Sums, counts, minima and maxima of the samples per 5-minute and 1-hour bucket (level_seconds), kept by the same
 * statement that inserts the samples, so charts at coarse resolutions read a few rows instead of every sample.
 */
export const controllerMetricRollups = pgTable(
  'controller_metric_rollups',
  {
    syrxControllerId: belongsToUuid('syrx_controller_id', () => syrxControllers.id),
    levelSeconds: integer('level_seconds').notNull(),
    ...metricGroup(),
    bucket: at('bucket').notNull(),
    n: integer('n').notNull(),
    cpuSum: doublePrecision('cpu_sum').notNull(),
    cpuMin: doublePrecision('cpu_min').notNull(),
    cpuMax: doublePrecision('cpu_max').notNull(),
    memPercentSum: doublePrecision('mem_percent_sum').notNull(),
    memPercentMin: doublePrecision('mem_percent_min').notNull(),
    memPercentMax: doublePrecision('mem_percent_max').notNull(),
    memSum: doublePrecision('mem_sum').notNull(),
    memMin: doublePrecision('mem_min').notNull(),
    memMax: doublePrecision('mem_max').notNull(),
  },
  (t) => [primaryKey({ name: 'controller_metric_rollups_pkey', columns: [t.syrxControllerId, t.levelSeconds, t.groupType, t.groupName, t.bucket] })],
);

/** The diagnostic service's snapshots (processes, network interfaces, broker); kept 7 days. */
export const diagnosticsSnapshots = pgTable(
  'diagnostics_snapshots',
  {
    syrxControllerId: belongsToUuid('syrx_controller_id', () => syrxControllers.id),
    ts: at('ts').notNull(),
    processes: jsonb('processes').notNull(),
    networkInterfaceInformation: text('network_interface_information').notNull(),
    rabbitmq: jsonb('rabbitmq').notNull(),
    receivedAt: writtenAt('received_at'),
  },
  (t) => [primaryKey({ name: 'diagnostics_snapshots_pkey', columns: [t.syrxControllerId, t.ts] }), index('diagnostics_snapshots_ts_idx').on(t.ts)],
);

/**
 * Who did what, when and from where. No foreign key to the target: an entry outlives a deleted controller; the user
 * and group are set null when deleted (the username is kept as it was).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: writtenAt('at'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username'),
    action: text('action', { enum: auditActions }).notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('audit_log_at_idx').on(t.at.desc(), t.id.desc()), index('audit_log_group_at_idx').on(t.groupId, t.at.desc())],
);
