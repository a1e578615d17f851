import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { pointChangeSources } from '@syrx/contracts/points';
import { syrxControllers } from './controllers.ts';
import { at, belongsTo, belongsToUuid, identityId, writtenAt } from './columns.ts';

/**
 * A BACnet device of a controller. Instance numbers are unique on a BACnet internetwork, hence per controller.
 * `availability` is what the last reading found; `ignored` is the user's choice and wins on the wire (`status`).
 */
export const bacnetDevices = pgTable(
  'bacnet_devices',
  {
    id: identityId(),
    syrxControllerId: belongsToUuid('syrx_controller_id', () => syrxControllers.id),
    macAddress: text('mac_address').notNull(),
    network: integer('network').notNull().default(0),
    destinationMacAddress: text('destination_mac_address').notNull().default('0.0.0.0:0'),
    destinationNetwork: integer('destination_network').notNull().default(0),
    instanceNumber: integer('instance_number').notNull(),
    name: text('name'),
    vendorName: text('vendor_name'),
    description: text('description'),
    modelName: text('model_name'),
    /** BACnet Unsigned: may exceed a 32-bit signed integer. */
    databaseRevision: bigint('database_revision', { mode: 'number' }),
    /**
     * The Database_Revision at which the stored point list was read (null: never, or unknown). The agent is told this
     * one, so it re-reads the object list when the device's revision moves away from what the server's points reflect.
     */
    pointListRevision: bigint('point_list_revision', { mode: 'number' }),
    firstAvailableOn: at('first_available_on'),
    lastAvailableOn: at('last_available_on'),
    lastUnavailableOn: at('last_unavailable_on'),
    lastDiscoveryAttempt: at('last_discovery_attempt'),
    lastPointDiscovery: at('last_point_discovery'),
    availability: text('availability', { enum: ['unknown', 'pending', 'available', 'unavailable'] }).notNull().default('unknown'),
    ignored: boolean('ignored').notNull().default(false),
    createdAt: writtenAt('created_at'),
  },
  (t) => [unique('bacnet_devices_controller_instance_key').on(t.syrxControllerId, t.instanceNumber)],
);

/** A BACnet object as a device's object list names it: what a point is and what a staged upload item holds. */
function objectColumns() {
  return {
    objectType: integer('object_type').notNull(),
    objectTypeName: text('object_type_name').notNull(),
    instanceNumber: integer('instance_number').notNull(),
    name: text('name'),
    description: text('description'),
    units: text('units'),
  };
}

/**
 * An object of a device. The controller id is repeated from the device so that the controller-wide points grid
 * reads one index; object_type_name is stored so that grids sort and filter on it in SQL.
 */
export const bacnetPoints = pgTable(
  'bacnet_points',
  {
    id: identityId(),
    deviceId: belongsTo('device_id', () => bacnetDevices.id),
    syrxControllerId: belongsToUuid('syrx_controller_id', () => syrxControllers.id),
    ...objectColumns(),
    firstSeenOn: at('first_seen_on'),
    lastSeenOn: at('last_seen_on'),
    lastMissedOn: at('last_missed_on'),
    lastPointDiscovery: at('last_point_discovery'),
    isAvailable: boolean('is_available').notNull().default(true),
    /** The reporting fields of the wire (earliest, latest record, latest value) are the series summary in data_points. */
    reportingIsSelectedForReporting: boolean('reporting_is_selected_for_reporting').notNull().default(false),
  },
  (t) => [
    unique('bacnet_points_device_object_key').on(t.deviceId, t.objectType, t.instanceNumber),
    index('bacnet_points_controller_idx').on(t.syrxControllerId, t.id),
  ],
);

/** A point upload in progress (begin → batches → complete); discarded when not completed within an hour. */
export const bacnetPointUploads = pgTable(
  'bacnet_point_uploads',
  {
    id: identityId(),
    deviceId: belongsTo('device_id', () => bacnetDevices.id),
    source: text('source', { enum: pointChangeSources }).notNull(),
    databaseRevision: bigint('database_revision', { mode: 'number' }),
    createdAt: writtenAt('created_at'),
    completedAt: at('completed_at'),
    /** What completing it changed, kept so that completing it again answers the same. */
    result: jsonb('result'),
  },
  (t) => [index('bacnet_point_uploads_device_idx').on(t.deviceId), index('bacnet_point_uploads_created_idx').on(t.createdAt)],
);

/** The staged points of an upload: one row per object, so a batch sent twice changes nothing. */
export const bacnetPointUploadItems = pgTable(
  'bacnet_point_upload_items',
  {
    uploadId: belongsTo('upload_id', () => bacnetPointUploads.id),
    ...objectColumns(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.objectType, t.instanceNumber] })],
);

/** Points that appeared, disappeared or reappeared in a device's point list, and why the list was read. */
export const bacnetPointChanges = pgTable(
  'bacnet_point_changes',
  {
    id: identityId(),
    pointId: belongsTo('point_id', () => bacnetPoints.id),
    deviceId: belongsTo('device_id', () => bacnetDevices.id),
    change: text('change', { enum: ['appeared', 'disappeared', 'reappeared'] }).notNull(),
    changedOn: writtenAt('changed_on'),
    source: text('source', { enum: pointChangeSources }).notNull(),
    databaseRevision: bigint('database_revision', { mode: 'number' }),
  },
  (t) => [index('bacnet_point_changes_device_idx').on(t.deviceId, t.changedOn), index('bacnet_point_changes_point_idx').on(t.pointId)],
);

/** Background messages to a controller's BACnet network query service (Discover devices). */
export const bacnetQueryMessages = pgTable(
  'bacnet_query_messages',
  {
    id: identityId(),
    syrxControllerId: belongsToUuid('syrx_controller_id', () => syrxControllers.id),
    messageType: text('message_type', { enum: ['DiscoverDevices'] }).notNull(),
    status: text('status', { enum: ['created', 'acknowledged', 'completed', 'failed'] }).notNull().default('created'),
    network: integer('network'),
    lowLimit: integer('low_limit'),
    highLimit: integer('high_limit'),
    createdOn: writtenAt('created_on'),
    /** Set when a server instance sent it to the agent, so that it is sent once; cleared if the agent left before acknowledging. */
    dispatchedOn: at('dispatched_on'),
    acknowledgedOn: at('acknowledged_on'),
    completedOn: at('completed_on'),
    devicesFound: integer('devices_found'),
    devicesAdded: integer('devices_added'),
    errorMessage: text('error_message'),
  },
  (t) => [index('bacnet_query_messages_controller_idx').on(t.syrxControllerId, t.status)],
);
