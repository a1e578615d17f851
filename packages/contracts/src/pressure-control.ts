import { z } from 'zod';
import { dbIdSchema } from './ids.ts';
import { reportingPointSchema } from './records.ts';

/**
 * The building pressure control service (spec 01 sections 2, 3, 5, 7; docs/pressure-control.md for the formula).
 * Wire names are the specification's; indoor temperature, loop interval and write priority are ours.
 */
export const pressureDefaults = { indoorTemperatureF: 70, intervalSeconds: 60, writePriority: 10 } as const;
export const transmitterLabel = (num: number): string => `BPT-${num}`;

const date = z.string().nullable();
/** A point the service uses, as the status panel and grids show it. */
export const pressurePointSummarySchema = z.object({
  syrx_controller_bacnet_point_id: z.number().int(),
  syrx_controller_bacnet_point_name: z.string().nullable(),
  syrx_controller_bacnet_point_object_id: z.string(),
  syrx_controller_bacnet_device_name: z.string().nullable(),
  syrx_controller_bacnet_device_mac_address: z.string(),
  units: z.string().nullable(),
});

/** GET …/services/{pressure service}/configuration (defaults when never saved: saved false). */
export const pressureConfigurationSchema = z.object({
  syrx_controller_id: z.string(),
  saved: z.boolean(),
  neutral_plane_height: z.number().nullable(),
  is_output_enabled: z.boolean(),
  oat_syrx_controller_bacnet_point_id: z.number().int().nullable(),
  pnorm_output_syrx_controller_bacnet_point_id: z.number().int().nullable(),
  indoor_temperature: z.number(),
  interval_seconds: z.number().int(),
  write_priority: z.number().int(),
  last_oat_date: date,
  last_oat_value: z.number().nullable(),
  last_pnorm_output_date: date,
  last_pnorm_output_value: z.number().nullable(),
  last_pnorm_output_write_date: date,
  exception_date: date,
  exception_type: z.string().nullable(),
  exception_message: z.string().nullable(),
  exception_stack_trace: z.string().nullable(),
  oat_point: pressurePointSummarySchema.nullable(),
  pnorm_output_point: pressurePointSummarySchema.nullable(),
});
export type PressureConfiguration = z.infer<typeof pressureConfigurationSchema>;

export const pressureMessages = {
  priority: 'Enter a priority from 1 to 16 (6 is reserved for minimum on/off)',
  interval: 'Enter an interval from 5 to 3600 seconds',
  indoorTemperature: 'Enter an indoor temperature from 40 to 100 °F',
  height: 'Enter a height in feet',
  num: 'Enter a transmitter number from 1 to 999',
  numTaken: 'That transmitter number is already used on this controller',
  pointNotOnController: 'Choose a point of this controller',
} as const;

/** PATCH …/configuration: the fields sent are changed. Neutral plane height: a number or null (spec 01 section 5). */
export const pressureConfigurationPatchSchema = z.object({
  neutral_plane_height: z.number().finite().nullable().optional(),
  is_output_enabled: z.boolean().optional(),
  oat_syrx_controller_bacnet_point_id: dbIdSchema.nullable().optional(),
  pnorm_output_syrx_controller_bacnet_point_id: dbIdSchema.nullable().optional(),
  indoor_temperature: z.number({ error: pressureMessages.indoorTemperature }).min(40, pressureMessages.indoorTemperature).max(100, pressureMessages.indoorTemperature).optional(),
  interval_seconds: z.number({ error: pressureMessages.interval }).int(pressureMessages.interval).min(5, pressureMessages.interval).max(3600, pressureMessages.interval).optional(),
  write_priority: z.number({ error: pressureMessages.priority }).int(pressureMessages.priority).min(1, pressureMessages.priority).max(16, pressureMessages.priority)
    .refine((p) => p !== 6, pressureMessages.priority).optional(),
});

/** A building pressure transmitter (shown as BPT-{num}) with the grid's joined point fields. */
export const pressureTransmitterSchema = z.object({
  id: z.number().int(),
  syrx_controller_id: z.string(),
  num: z.number().int(),
  name: z.string(),
  transmitter_height: z.number(),
  syrx_controller_bacnet_point_id: z.number().int(),
  last_value_date: date,
  last_pressure: z.number().nullable(),
  last_normalized_pressure: z.number().nullable(),
  syrx_controller_bacnet_device_mac_address: z.string(),
  syrx_controller_bacnet_point_object_id: z.string(),
  syrx_controller_bacnet_device_name: z.string().nullable(),
  syrx_controller_bacnet_point_name: z.string().nullable(),
});
export type PressureTransmitter = z.infer<typeof pressureTransmitterSchema>;

/** POST / PUT a transmitter; num defaults to the next free number on create. */
export const pressureTransmitterInputSchema = z.object({
  num: z.number({ error: pressureMessages.num }).int(pressureMessages.num).min(1, pressureMessages.num).max(999, pressureMessages.num).optional(),
  name: z.string().trim().max(200).default(''),
  transmitter_height: z.number({ error: pressureMessages.height }).finite(pressureMessages.height),
  syrx_controller_bacnet_point_id: dbIdSchema,
});

/**
 * A BACnet point the agent reads or writes: its device's address, the object, and its engineering units as the
 * point list recorded them (the enumeration name, e.g. "INCHES_OF_WATER", "DEGREES_FAHRENHEIT"; null when unknown).
 */
export const pressurePointAddressSchema = reportingPointSchema.extend({ units: z.string().nullable() });
export type PressurePointAddress = z.infer<typeof pressurePointAddressSchema>;

/** What the agent runs, in AgentConfig.pressure_control. */
export const pressureAgentConfigSchema = z.object({
  enabled: z.boolean(),
  neutral_plane_height: z.number().nullable(),
  is_output_enabled: z.boolean(),
  indoor_temperature_f: z.number(),
  interval_seconds: z.number().int(),
  write_priority: z.number().int(),
  oat_point: pressurePointAddressSchema.nullable(),
  pnorm_output_point: pressurePointAddressSchema.nullable(),
  transmitters: z.array(z.object({ id: z.number().int(), num: z.number().int(), height_ft: z.number(), point: pressurePointAddressSchema })),
});
export type PressureAgentConfig = z.infer<typeof pressureAgentConfigSchema>;
export const disabledPressureConfig: PressureAgentConfig = {
  enabled: false, neutral_plane_height: null, is_output_enabled: false, indoor_temperature_f: pressureDefaults.indoorTemperatureF,
  interval_seconds: pressureDefaults.intervalSeconds, write_priority: pressureDefaults.writePriority, oat_point: null, pnorm_output_point: null, transmitters: [],
};

/**
 * agent → server after every loop iteration, acknowledged ({ ok: true } | { ok: false, error }). Pressures in inches
 * of water column, the OAT in °F (converted from the point's units); times in ms. `write` when Pnorm was written this
 * iteration (`value` as written, in the output point's units); `relinquished` when output was switched off (or the
 * output point or priority changed, or the service was disabled) and the priority released — repeated in the next
 * statuses, same timestamp, until one is acknowledged; `exception` when something failed (the loop goes on).
 */
export const pressureStatusSchema = z.object({
  timestamp: z.number().int().positive(),
  oat: z.object({ value: z.number(), timestamp: z.number().int() }).nullable(),
  transmitters: z.array(z.object({ id: z.number().int(), pressure: z.number(), normalized: z.number(), timestamp: z.number().int() })).max(100),
  pnorm: z.object({ value: z.number(), timestamp: z.number().int() }).nullable(),
  write: z.object({ point_id: z.number().int(), value: z.number(), priority: z.number().int(), timestamp: z.number().int() }).nullable(),
  relinquished: z.object({ point_id: z.number().int(), priority: z.number().int(), timestamp: z.number().int() }).nullable(),
  exception: z.object({ timestamp: z.number().int(), type: z.string().max(200), message: z.string().max(5000), stack_trace: z.string().max(20_000).nullable() }).nullable(),
});
export type PressureStatus = z.infer<typeof pressureStatusSchema>;
