import { boolean, doublePrecision, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { bacnetPoints } from './bacnet.ts';
import { syrxControllers } from './controllers.ts';
import { at, belongsTo, belongsToUuid, identityId, writtenAt } from './columns.ts';

/** The building pressure control service's settings and last values, one row per controller (docs/pressure-control.md). */
export const pressureControlConfigurations = pgTable('pressure_control_configurations', {
  syrxControllerId: uuid('syrx_controller_id').primaryKey().references(() => syrxControllers.id, { onDelete: 'cascade' }),
  neutralPlaneHeight: doublePrecision('neutral_plane_height'),
  isOutputEnabled: boolean('is_output_enabled').notNull().default(false),
  oatPointId: integer('oat_point_id').references(() => bacnetPoints.id, { onDelete: 'set null' }),
  pnormOutputPointId: integer('pnorm_output_point_id').references(() => bacnetPoints.id, { onDelete: 'set null' }),
  indoorTemperature: doublePrecision('indoor_temperature').notNull().default(70),
  intervalSeconds: integer('interval_seconds').notNull().default(60),
  writePriority: integer('write_priority').notNull().default(10),
  lastOatDate: at('last_oat_date'),
  lastOatValue: doublePrecision('last_oat_value'),
  lastPnormOutputDate: at('last_pnorm_output_date'),
  lastPnormOutputValue: doublePrecision('last_pnorm_output_value'),
  lastPnormOutputWriteDate: at('last_pnorm_output_write_date'),
  exceptionDate: at('exception_date'),
  exceptionType: text('exception_type'),
  exceptionMessage: text('exception_message'),
  exceptionStackTrace: text('exception_stack_trace'),
  /** The agent is writing Pnorm (set by its first write after output was switched on; cleared by its relinquish). */
  writing: boolean('writing').notNull().default(false),
  /** When a user last saved the configuration; null while the row holds only what the agent reported (configured: not yet). */
  savedAt: at('saved_at'),
  updatedAt: writtenAt('updated_at'),
});

/** A building pressure transmitter (BPT-{num}): a point of the controller at a height above grade. */
export const pressureTransmitters = pgTable(
  'pressure_transmitters',
  {
    id: identityId(),
    syrxControllerId: belongsToUuid('syrx_controller_id', () => syrxControllers.id),
    num: integer('num').notNull(),
    name: text('name').notNull().default(''),
    transmitterHeight: doublePrecision('transmitter_height').notNull(),
    pointId: belongsTo('point_id', () => bacnetPoints.id),
    lastValueDate: at('last_value_date'),
    lastPressure: doublePrecision('last_pressure'),
    lastNormalizedPressure: doublePrecision('last_normalized_pressure'),
  },
  (t) => [unique('pressure_transmitters_num_uq').on(t.syrxControllerId, t.num), index('pressure_transmitters_point_idx').on(t.pointId)],
);
