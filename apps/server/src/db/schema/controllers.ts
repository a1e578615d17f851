import { index, integer, jsonb, pgTable, primaryKey, real, text, uuid } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { at, belongsToUuid, writtenAt } from './columns.ts';

/**
 * A field controller. Provisioned unclaimed (no group) with a secret for its agent, stored as an argon2id
 * hash; claimed into a group by registration, or created directly in a group by an administrator.
 */
export const syrxControllers = pgTable(
  'syrx_controllers',
  {
    id: uuid('id').primaryKey(),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'restrict' }),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    secretHash: text('secret_hash').notNull(),
    claimedAt: at('claimed_at'),
    createdAt: writtenAt('created_at'),
  },
  (t) => [index('syrx_controllers_group_id_idx').on(t.groupId)],
);


export const bacnetConnectionConfigurations = pgTable('bacnet_connection_configurations', {
  syrxControllerId: uuid('syrx_controller_id').primaryKey().references(() => syrxControllers.id, { onDelete: 'cascade' }),
  ipAddress: text('ip_address').notNull(),
  portNum: integer('port_num').notNull().default(47808),
  /** This network's APDU timeout and retries (ASHRAE 135 clause 5.4), which the agent applies. */
  apduTimeoutMs: integer('apdu_timeout_ms').notNull().default(3000),
  apduRetries: integer('apdu_retries').notNull().default(3),
});

export const bacnetConnectionBbmdServers = pgTable(
  'bacnet_connection_bbmd_servers',
  {
    syrxControllerId: belongsToUuid('syrx_controller_id', () => syrxControllers.id),
    position: integer('position').notNull(),
    ipAddress: text('ip_address').notNull(),
    ipMask: text('ip_mask').notNull(),
    portNum: integer('port_num').notNull().default(47808),
  },
  (t) => [primaryKey({ columns: [t.syrxControllerId, t.position] })],
);

export const enabledServices = pgTable(
  'enabled_services',
  {
    syrxControllerId: belongsToUuid('syrx_controller_id', () => syrxControllers.id),
    serviceId: text('service_id').notNull(),
    assignedVersion: text('assigned_version').notNull(),
    reportedVersion: text('reported_version'),
    lastContact: at('last_contact'),
    /** Where the agent's updater stands with the service (contracts' serviceRolloutSchema), as last reported. */
    rollout: jsonb('rollout'),
  },
  (t) => [primaryKey({ columns: [t.syrxControllerId, t.serviceId] })],
);

/** The latest report of the controller's critical systemd units, written by its agent. */
export const criticalServiceStatuses = pgTable('critical_service_statuses', {
  syrxControllerId: uuid('syrx_controller_id').primaryKey().references(() => syrxControllers.id, { onDelete: 'cascade' }),
  statuses: jsonb('statuses').notNull(),
  reportedAt: writtenAt('reported_at'),
  /** The agent's heartbeat interval as it last said (null: the default); two of them without word and it is silent. */
  heartbeatSeconds: real('heartbeat_seconds'),
  /** When the agent's connection closed (null while connected); its next heartbeat clears it. */
  disconnectedAt: at('disconnected_at'),
  /**
   * What each service said about itself in the latest heartbeat (e.g. the reporting buffer's depth), by service id:
   * kept with the row every heartbeat writes anyway, so diagnostics that move between heartbeats write no other row.
   */
  serviceDiagnostics: jsonb('service_diagnostics'),
});
