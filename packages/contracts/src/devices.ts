import { z } from 'zod';
import { dbIdSchema } from './ids.ts';
import { bacnetIpMacSchema, destinationMacSchema, instanceNumberSchema, networkNumberSchema, noDestinationMac } from './bacnet.ts';
import { filteredGridQuerySchema } from './grid.ts';

/**
 * unknown: added by hand, never read; pending: found by discovery, properties not read yet; available / unavailable:
 * the last reload answered or not; ignored: the user set it aside (wins over the others).
 */
export const deviceStatuses = ['unknown', 'available', 'unavailable', 'ignored', 'pending'] as const;
export type DeviceStatus = (typeof deviceStatuses)[number];

const isoDate = z.string().nullable();

/** A BACnet device of a controller, as the legacy base sends it. */
export const bacnetDeviceSchema = z.object({
  id: z.number().int(),
  syrx_controller_id: z.string(),
  mac_address: z.string(),
  network: z.number().int(),
  instance_number: z.number().int(),
  destination_mac_address: z.string(),
  destination_network: z.number().int(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  vendor_name: z.string().nullable(),
  model_name: z.string().nullable(),
  database_revision: z.number().int().nullable(),
  first_available_on: isoDate,
  last_available_on: isoDate,
  last_unavailable_on: isoDate,
  /** When properties were last read (successfully or not). */
  last_discovery_attempt: isoDate,
  /** When the point list was last read. */
  last_point_discovery: isoDate,
  status: z.enum(deviceStatuses),
  ignored: z.boolean(),
  point_count: z.number().int(),
});
export type BacnetDevice = z.infer<typeof bacnetDeviceSchema>;

/** Add a device by hand, or submit one found by discovery (POST …/syrx-controller-bacnet-devices). */
export const deviceInputSchema = z.object({
  mac_address: bacnetIpMacSchema,
  network: networkNumberSchema.default(0),
  instance_number: instanceNumberSchema,
  destination_mac_address: z.preprocess((v) => (v === null || v === '' || v === undefined ? noDestinationMac : v), destinationMacSchema),
  destination_network: z.preprocess((v) => (v === null || v === '' ? undefined : v), networkNumberSchema.default(0)),
});
/** What a client sends: the destination fields may be left out (no router addressing). */
export type DeviceInput = Omit<z.input<typeof deviceInputSchema>, 'destination_mac_address' | 'destination_network'> & {
  destination_mac_address?: string | null | undefined;
  destination_network?: number | string | null | undefined;
};
/** One device (201, or 409 when it exists) or a list from discovery (200, existing ones skipped). */
export const deviceSubmissionSchema = z.union([deviceInputSchema, z.array(deviceInputSchema).min(1).max(1000)]);
/** The answer to a list submission: the devices added (pending, read in the background) and how many were known already. */
export const deviceSubmissionResultSchema = z.object({ added: z.array(bacnetDeviceSchema), skipped: z.number().int() });
export type DeviceSubmissionResult = z.infer<typeof deviceSubmissionResultSchema>;

/** PATCH …/bacnet-devices: properties read from devices, applied to each listed device. */
export const devicePatchSchema = z.object({
  id: dbIdSchema,
  name: z.string().max(500).nullable().optional(),
  description: z.string().max(2000).nullable().optional(),
  vendor_name: z.string().max(500).nullable().optional(),
  model_name: z.string().max(500).nullable().optional(),
  database_revision: z.number().int().min(0).nullable().optional(),
  /** available: the read succeeded; unavailable: it failed (name, vendor and description become null). */
  status: z.enum(['available', 'unavailable']).optional(),
});
export const devicePatchListSchema = z.array(devicePatchSchema).min(1).max(1000);

export const deviceIgnoredInputSchema = z.object({ ignored: z.boolean() });

export const sortableDeviceFields = ['id', 'mac_address', 'network', 'instance_number', 'destination_mac_address', 'destination_network', 'name', 'description', 'vendor_name', 'status', 'last_available_on', 'last_point_discovery', 'point_count'] as const;

/** Fields a devices grid may filter on, with their types. */
export const filterableDeviceFields = {
  id: 'number', mac_address: 'string', network: 'number', instance_number: 'number', destination_mac_address: 'string', destination_network: 'number',
  name: 'string', description: 'string', vendor_name: 'string', model_name: 'string', database_revision: 'number', status: 'string', ignored: 'boolean',
  first_available_on: 'date', last_available_on: 'date', last_unavailable_on: 'date', last_discovery_attempt: 'date', last_point_discovery: 'date', point_count: 'number',
} as const;

/** GET …/bacnet-devices and …/count. Unavailable (and ignored) devices are hidden unless showUnavailable. */
export const deviceListQuerySchema = filteredGridQuerySchema.extend({
  showUnavailable: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).optional(),
});

/** The device properties an agent reads on "reload device" (ReloadDevice's final Data). */
export const devicePropertiesSchema = z.object({
  name: z.string().nullable(),
  vendor_name: z.string().nullable(),
  description: z.string().nullable(),
  model_name: z.string().nullable(),
  database_revision: z.number().int().nullable(),
});
export type DeviceProperties = z.infer<typeof devicePropertiesSchema>;
