import { z } from 'zod';
import { recordSpanShape } from './fields.ts';
import { treePageQuerySchema } from './data-moves.ts';
import { dbIdSchema } from './ids.ts';

/**
 * A group's own points and their upload (Report Data → "Upload group data", read in the group point record browser;
 * docs/permissions.md, "Shared catalogues and group data"), and the administration of PCS sites (Admin → PCS sites).
 */

/**
 * POST /api/v2/groups/{groupId}/group-data (text/csv, at most maxImportBytes): header `point_name,timestamp,value[,unit]`;
 * the group's points are named by point_name (created in that group as needed, with the unit of their first line);
 * a point and time stored before takes the file's value (uploading a file again changes nothing). 202 with the job's id;
 * the rows it cannot read are its logs ("Line 7: …").
 */
export const groupDataHeader = { required: ['point_name', 'timestamp', 'value'], optional: ['unit'] };

export const groupPointSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  name: z.string(),
  unit: z.string(),
  description: z.string(),
  ...recordSpanShape,
});
export type GroupPoint = z.infer<typeof groupPointSchema>;

/** GET /api/v2/groups/{groupId}/group-points: a page of the group's points by name, optionally those whose name holds `search`. */
export const groupPointsQuerySchema = treePageQuerySchema.extend({ search: z.string().max(200).optional() });

/** Admin → PCS sites: a site with how much it holds. */
export const pcsSiteRowSchema = z.object({
  id: z.number().int(),
  site_name: z.string(),
  device_count: z.number().int(),
  point_count: z.number().int(),
  record_count: z.number().int(),
});
export type PcsSiteRow = z.infer<typeof pcsSiteRowSchema>;

export const pcsSitesQuerySchema = treePageQuerySchema.extend({ search: z.string().max(200).optional() });
export const pcsSiteRenameSchema = z.object({ site_name: z.string().trim().min(1, 'The name is empty').max(200) });

/** POST /api/v2/pcs-sites/{id}/merge: the site's devices (and their points and records) go into another site, and the site goes. */
export const pcsSiteMergeSchema = z.object({ into_site_id: dbIdSchema });
export const pcsSiteMergedSchema = z.object({
  site: pcsSiteRowSchema,
  /** Devices moved as they were, and devices whose name the target had already (their points joined the target's device). */
  devices_moved: z.number().int(),
  devices_merged: z.number().int(),
  /** Points of a merged device the target's device had already (their records joined the target point's). */
  points_merged: z.number().int(),
  records_merged: z.number().int(),
});
export type PcsSiteMerged = z.infer<typeof pcsSiteMergedSchema>;
