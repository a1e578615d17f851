import { z } from 'zod';
import { idNameShape, recordSpanShape } from './fields.ts';
import { gridQuerySchema } from './grid.ts';

/**
 * Vendor points, PCS sites/devices/points and moving their records (spec 02, sections 2, 3, 7, 9; issue 6).
 * Every vendor point and PCS point has one series in the point-records store (data_points kind 'vendor-point' or
 * 'pcs-point'). See docs/data-moves.md.
 */

/** Vendors whose points have a third id level (spec 02, section 9); others end at id_field_2. */
export const threeLevelVendors = ['invensys', 'UC'] as const;
export const hasThirdLevel = (vendor: string) => (threeLevelVendors as readonly string[]).includes(vendor);
/** Point trees load this many entries per page; a page-group list shows when the count is over it. */
export const treePageSize = 20;

/** A vendor point's id: its id fields joined by '|' ("invensys|AHU-1|SAT|PV"). */
export const vendorPointIdOf = (p: { vendor: string; id_field_1: string; id_field_2: string; id_field_3: string | null }) =>
  [p.vendor, p.id_field_1, p.id_field_2, ...(p.id_field_3 === null ? [] : [p.id_field_3])].join('|');

/** skip/take of a tree level (take at most 200; default 20). */
export const treePageQuerySchema = gridQuerySchema.pick({ skip: true, take: true, page: true, pageSize: true, sort: true });
export const countSchema = z.object({ count: z.number().int() });

/** GET /api/v2/vendor_points/vendors → string[]; …/id_field_1, …/id_field_2, …/id_field_3 → TreeEntry[]. */
export const vendorTreeEntrySchema = z.object({
  /** The id field's value at this level. */
  value: z.string(),
  /** The leaf's vendor point (its numeric id and name) when this entry is a point: the last level of its vendor. */
  vendor_point_id: z.number().int().nullable(),
  /** The vendor point's id joined by '|' (leaves) or the path so far. */
  path: z.string(),
  record_count: z.number().int().nullable(),
});
export type VendorTreeEntry = z.infer<typeof vendorTreeEntrySchema>;

export const pcsSiteSchema = z.object({ id: z.number().int(), site_name: z.string(), device_count: z.number().int() });
export const pcsDeviceSchema = z.object({ ...idNameShape, pcs_site: z.number().int(), point_count: z.number().int() });
export const pcsPointSchema = z.object({
  ...idNameShape,
  pcs_device: z.number().int(),
  device_name: z.string(),
  site_name: z.string(),
  ...recordSpanShape,
});
export type PcsSite = z.infer<typeof pcsSiteSchema>;
export type PcsDevice = z.infer<typeof pcsDeviceSchema>;
export type PcsPoint = z.infer<typeof pcsPointSchema>;

export const sourceRecordHandlings = ['copy', 'move'] as const;
export type SourceRecordHandling = (typeof sourceRecordHandlings)[number];

const optionalId = z.number().int().min(1).nullable().optional().transform((v) => v ?? null);
const isoDate = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'Not a valid date');

/**
 * One queued move (POST /api/v2/vendor_point_record_move_jobs takes a list of them). Source and destination each name
 * exactly one point: a vendor point, a PCS point or a controller BACnet point. Without full_time_range, start_date
 * (inclusive) and end_date (exclusive: the inclusive end day's next midnight UTC) are required.
 */
export const moveItemSchema = z.object({
  source_data_point_name: z.string().min(1).max(500),
  source_vendor_point_id: optionalId,
  source_pcs_point_id: optionalId,
  source_syrx_controller_bacnet_point_id: optionalId,
  destination_data_point_name: z.string().min(1).max(500),
  destination_vendor_point_id: optionalId,
  destination_pcs_point_id: optionalId,
  destination_syrx_controller_bacnet_point_id: optionalId,
  full_time_range: z.boolean(),
  start_date: isoDate.nullable().optional().transform((v) => v ?? null),
  end_date: isoDate.nullable().optional().transform((v) => v ?? null),
  source_record_handling: z.enum(sourceRecordHandlings),
  remap_equipment_points: z.boolean(),
}).superRefine((item, ctx) => {
  for (const side of ['source', 'destination'] as const) {
    const named = [item[`${side}_vendor_point_id`], item[`${side}_pcs_point_id`], item[`${side}_syrx_controller_bacnet_point_id`]].filter((v) => v !== null);
    if (named.length !== 1) ctx.addIssue({ code: 'custom', path: [`${side}_vendor_point_id`], message: `Name exactly one ${side} point` });
  }
  if (!item.full_time_range) {
    if (!item.start_date) ctx.addIssue({ code: 'custom', path: ['start_date'], message: 'Required unless full_time_range' });
    if (!item.end_date) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'Required unless full_time_range' });
    if (item.start_date && item.end_date && Date.parse(item.start_date) >= Date.parse(item.end_date)) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'Must be after start_date' });
    }
  }
});
export type MoveItem = z.input<typeof moveItemSchema>;
export const moveItemsSchema = z.array(moveItemSchema).min(1).max(100);

/** The answer to POST /api/v2/vendor_point_record_move_jobs (201): the queued jobs' ids, one per item, in order. */
export const moveJobsCreatedSchema = z.object({ job_ids: z.array(z.number().int()) });

/**
 * A queued move as its job keeps it (the server's job params) and the move-job list shows it: the points by name, the
 * range (ISO timestamps, null with full_time_range) and what happens to the source's records.
 */
export const queuedMoveShape = {
  source_data_point_name: z.string(),
  destination_data_point_name: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  full_time_range: z.boolean(),
  source_record_handling: z.enum(sourceRecordHandlings),
  remap_equipment_points: z.boolean(),
};

/** GET /api/v2/jobs/statuses: the move-job list (skip, take, page, pageSize, sort; default job_queued_date desc). */
export const moveJobRowSchema = z.object({
  job_id: z.number().int(),
  ...queuedMoveShape,
  status: z.string(),
  progress: z.number(),
  job_queued_date: z.string().nullable(),
  job_started_date: z.string().nullable(),
  job_completed_date: z.string().nullable(),
  /** Records copied to the destination, deleted from the source, equipment points remapped (so far). */
  records_copied: z.number().int(),
  records_deleted: z.number().int(),
  equipment_points_remapped: z.number().int(),
});
export type MoveJobRow = z.infer<typeof moveJobRowSchema>;
export const sortableMoveJobFields = ['job_id', 'source_data_point_name', 'destination_data_point_name', 'status', 'job_queued_date', 'job_started_date', 'job_completed_date'] as const;

/**
 * CSV imports (Report Data → Import), each queued as a job:
 * - POST /api/v2/imports/vendor-point-records (text/csv): header `vendor,id_field_1,id_field_2,id_field_3,timestamp,value`
 *   (id_field_3 empty for two-level vendors); creates vendor points as needed and stores their records.
 * - POST /api/v2/imports/pcs-points (text/csv): header `site_name,device_name,point_name[,timestamp,value]`; creates
 *   sites, devices and points as needed and, with timestamp and value, their records.
 * At most 50 MB. Answers 202 with the job's id; the CSV's row errors are the job's logs.
 */
export const importKinds = ['vendor-point-records', 'pcs-points'] as const;
export type ImportKind = (typeof importKinds)[number];
export const importHeaders: Record<ImportKind, { required: string[]; optional: string[] }> = {
  'vendor-point-records': { required: ['vendor', 'id_field_1', 'id_field_2', 'id_field_3', 'timestamp', 'value'], optional: [] },
  'pcs-points': { required: ['site_name', 'device_name', 'point_name'], optional: ['timestamp', 'value'] },
};
export const importQueuedSchema = z.object({ job_id: z.number().int() });
export const maxImportBytes = 50 * 1024 * 1024;
