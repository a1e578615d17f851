import { index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { groupRecordKey } from './groups.ts';
import { dataPoints } from './records.ts';
import { belongsTo, identityId, writtenAt } from './columns.ts';

/**
 * Points of other vendors' systems whose records were brought in (imports): hierarchical id fields 1 to 3 (3 only for
 * the three-level vendors 'invensys' and 'UC'). Each has its series in the point-records store (data_points kind
 * 'vendor-point', data_points.vendor_point_id).
 */
export const vendorPoints = pgTable(
  'vendor_points',
  {
    id: identityId(),
    vendor: text('vendor').notNull(),
    idField1: text('id_field_1').notNull(),
    idField2: text('id_field_2').notNull(),
    /** '' for two-level vendors (so the unique key holds). */
    idField3: text('id_field_3').notNull().default(''),
    createdAt: writtenAt('created_at'),
  },
  (t) => [unique('vendor_points_ids_key').on(t.vendor, t.idField1, t.idField2, t.idField3)],
);

/** PCS sites → devices → points (the points have series in the store: data_points kind 'pcs-point'). */
export const pcsSites = pgTable('pcs_sites', {
  id: identityId(),
  siteName: text('site_name').notNull().unique('pcs_sites_site_name_key'),
  createdAt: writtenAt('created_at'),
});

export const pcsDevices = pgTable(
  'pcs_devices',
  {
    id: identityId(),
    pcsSiteId: belongsTo('pcs_site_id', () => pcsSites.id),
    name: text('name').notNull(),
    createdAt: writtenAt('created_at'),
  },
  (t) => [unique('pcs_devices_site_name_key').on(t.pcsSiteId, t.name)],
);

export const pcsPoints = pgTable(
  'pcs_points',
  {
    id: identityId(),
    pcsDeviceId: belongsTo('pcs_device_id', () => pcsDevices.id),
    name: text('name').notNull(),
    createdAt: writtenAt('created_at'),
  },
  (t) => [unique('pcs_points_device_name_key').on(t.pcsDeviceId, t.name)],
);

/**
 * A group's own points: point data a tenant uploads for itself (Report Data → "Upload group data", read in the "Group
 * point record browser"). Unlike the shared catalogues above, each belongs to exactly one group and goes with it; it has
 * its series in the point-records store (data_points kind 'group-point', data_points.group_point_id). Read by users who
 * see the group with group_data_view, written with group_data_upload (docs/permissions.md, "Shared catalogues and group
 * data"). The schema only: the upload and the browser come with a later issue.
 */
export const groupPoints = pgTable(
  'group_points',
  {
    ...groupRecordKey(),
    /** Unique within the group (an upload names its points by it); two groups may each have a point of one name. */
    name: text('name').notNull(),
    /** Engineering unit ('' when none). */
    unit: text('unit').notNull().default(''),
    description: text('description').notNull().default(''),
    createdAt: writtenAt('created_at'),
  },
  (t) => [unique('group_points_group_name_key').on(t.groupId, t.name)],
);

/**
 * The data point each equipment point reads (equipment_name + point_code until the equipment editor of issue 10 gives
 * equipment its own table). A move with remap_equipment_points repoints the source's equipment points at the
 * destination.
 */
export const equipmentPoints = pgTable(
  'equipment_points',
  {
    id: identityId(),
    equipmentName: text('equipment_name').notNull(),
    pointCode: text('point_code').notNull(),
    dataPointId: integer('data_point_id').references(() => dataPoints.id, { onDelete: 'set null' }),
    updatedAt: writtenAt('updated_at'),
  },
  (t) => [uniqueIndex('equipment_points_equipment_code_key').on(t.equipmentName, t.pointCode), index('equipment_points_data_point_idx').on(t.dataPointId)],
);
