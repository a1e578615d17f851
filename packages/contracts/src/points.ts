import { z } from 'zod';
import { dbIdSchema } from './ids.ts';
import { bacnetLimits } from './bacnet.ts';
import { filteredGridQuerySchema } from './grid.ts';

const isoDate = z.string().nullable();

/** A BACnet point (an object of a device) as the legacy base sends it. */
export const bacnetPointSchema = z.object({
  id: z.number().int(),
  syrx_controller_bacnet_device_id: z.number().int(),
  syrx_controller_id: z.string(),
  syrx_controller_name: z.string(),
  syrx_controller_bacnet_device_name: z.string().nullable(),
  /** The device's address, so a point can be read without another call. */
  syrx_controller_bacnet_device_mac_address: z.string(),
  syrx_controller_bacnet_device_network: z.number().int(),
  syrx_controller_bacnet_device_destination_mac_address: z.string(),
  syrx_controller_bacnet_device_destination_network: z.number().int(),
  syrx_controller_bacnet_device_instance_number: z.number().int(),
  object_type: z.number().int(),
  /** "OBJECT_ANALOG_INPUT" */
  object_type_name: z.string(),
  instance_number: z.number().int(),
  /** "OBJECT_ANALOG_INPUT:3" */
  object_id: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  /** Engineering units as the device reports them ("DEGREES_FAHRENHEIT"), null when it has none. */
  units: z.string().nullable(),
  first_seen_on: isoDate,
  last_seen_on: isoDate,
  last_missed_on: isoDate,
  last_point_discovery: isoDate,
  reporting_earliest_record_date: isoDate,
  reporting_latest_record_date: isoDate,
  reporting_latest_value: z.number().nullable(),
  reporting_is_selected_for_reporting: z.boolean(),
  is_available: z.boolean(),
});
export type BacnetPoint = z.infer<typeof bacnetPointSchema>;

export const sortablePointFields = ['id', 'object_type', 'object_type_name', 'instance_number', 'object_id', 'name', 'description', 'units', 'first_seen_on', 'last_seen_on', 'last_missed_on', 'reporting_is_selected_for_reporting', 'reporting_latest_record_date', 'is_available', 'syrx_controller_bacnet_device_name'] as const;
/** Fields a points grid may filter on, with their types. */
export const filterablePointFields = {
  name: 'string', description: 'string', object_type: 'number', object_type_name: 'string', instance_number: 'number', object_id: 'string', units: 'string',
  is_available: 'boolean', reporting_is_selected_for_reporting: 'boolean', syrx_controller_bacnet_device_id: 'number', syrx_controller_bacnet_device_name: 'string',
  last_seen_on: 'date', first_seen_on: 'date',
} as const;

/** GET points of a device or of a controller: paging, sort, filters; unavailable points shown unless showUnavailable=false. */
export const pointListQuerySchema = filteredGridQuerySchema.extend({
  showUnavailable: z.preprocess((v) => (v === undefined ? undefined : !(v === false || v === 'false' || v === '0')), z.boolean()).optional(),
});

/** One point as an upload carries it: an entry of the device's object list and what was read of it. */
export const pointUploadItemSchema = z.object({
  object_type: z.number().int().min(0).max(bacnetLimits.maxObjectType),
  instance_number: z.number().int().min(0).max(bacnetLimits.maxInstance),
  name: z.string().max(1000).nullable(),
  description: z.string().max(2000).nullable().optional(),
  /** Engineering units by number (BACnet enumeration), for analog objects. */
  units: z.number().int().min(0).max(65535).nullable().optional(),
});
export type PointUploadItem = z.infer<typeof pointUploadItemSchema>;

/** POST …/bacnet-points/begin: starts replacing a device's point list. */
/**
 * Why a point list was read: a user's reload or upload, the agent seeing the device's database revision change, or
 * the server completing a device that discovery found.
 */
export const pointChangeSources = ['user', 'revision-change', 'discovery'] as const;
export type PointChangeSource = (typeof pointChangeSources)[number];

export const pointUploadBeginSchema = z.object({
  /** The device's Database_Revision when its object list was read, if known. */
  database_revision: z.number().int().min(0).nullable().optional(),
  /** Why the list was read: by a user, or by the agent after the device's database revision changed. */
  source: z.enum(['user', 'revision-change']).default('user'),
});
export const pointUploadStartedSchema = z.object({ upload_id: z.number().int() });
/** POST …/bacnet-points: one batch (at most 500) of an upload; sending a batch again is harmless. */
export const pointUploadBatchSchema = z.object({
  upload_id: dbIdSchema,
  points: z.array(pointUploadItemSchema).max(bacnetLimits.pointBatchSize),
});
export const pointUploadCompleteSchema = z.object({ upload_id: dbIdSchema });
/** What completing an upload changed: the device's points now, and which appeared and disappeared. */
export const pointUploadResultSchema = z.object({
  total: z.number().int(),
  appeared: z.number().int(),
  disappeared: z.number().int(),
  reappeared: z.number().int(),
});
export type PointUploadResult = z.infer<typeof pointUploadResultSchema>;

/** POST …/bacnet-devices/{deviceId}/reload-points/stage: the browser's id for the read, named in its progress events. */
export const pointReadInputSchema = z.object({ read_id: z.string().min(1).max(100) });
/**
 * What a staged reload read: the agent's point list is staged as an upload (not yet applied) for the user to review;
 * POST …/bacnet-points/complete with `upload_id` applies it.
 */
export const stagedPointReadSchema = z.object({
  upload_id: z.number().int(),
  database_revision: z.number().int().nullable(),
  /** The length of the device's object list. */
  object_count: z.number().int(),
  /** True when the object list has more objects than are read (at most 2000). */
  truncated: z.boolean(),
  point_count: z.number().int(),
});
export type StagedPointRead = z.infer<typeof stagedPointReadSchema>;

/** PATCH …/reporting-points/{pointId} */
export const reportingSelectionSchema = z.object({ is_selected_for_reporting: z.boolean() });

/** A device's points by object type, for the point-picker tree. */
export const pointObjectGroupSchema = z.object({ object_type: z.number().int(), object_type_name: z.string(), count: z.number().int() });
export type PointObjectGroup = z.infer<typeof pointObjectGroupSchema>;

/** One change found by a point discovery. */
export const pointChangeSchema = z.object({
  id: z.number().int(),
  syrx_controller_bacnet_point_id: z.number().int(),
  object_id: z.string(),
  name: z.string().nullable(),
  change: z.enum(['appeared', 'disappeared', 'reappeared']),
  changed_on: z.string(),
  source: z.enum(pointChangeSources),
  database_revision: z.number().int().nullable(),
});
export type PointChange = z.infer<typeof pointChangeSchema>;

/** Tree page size and the range label of a page group (spec 01 section 9). */
export const pointTreePageSize = 20;
export const pageRangeLabel = (start: number, end: number): string => `[${start} - ${end}]`;
