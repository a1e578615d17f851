import { z } from 'zod';
import { countSchema } from '../controllers.ts';
import {
  availabilityQuerySchema, availabilitySchema, pointIdsQuerySchema, pointPageQuerySchema, pointRangeQuerySchema, pointRecordRowSchema,
  type PointDataKind, pointSeriesQuerySchema, pointSeriesSchema, seriesPointSchema,
} from '../point-data.ts';
import { importQueuedSchema } from '../data-moves.ts';
import { pageSchema } from '../jobs.ts';
import {
  groupPointSchema, groupPointsQuerySchema, pcsSiteMergedSchema, pcsSiteMergeSchema, pcsSiteRenameSchema, pcsSiteRowSchema, pcsSitesQuerySchema,
} from '../point-sources.ts';
import { route } from '../route.ts';

/** Where each kind's records are read (newer base). */
export const pointDataBases: Record<PointDataKind, `/api/v2/${string}`> = {
  controller: '/api/v2/controller-point-records',
  vendor: '/api/v2/vendor-point-records',
  pcs: '/api/v2/pcs-point-records',
  group: '/api/v2/group-point-records',
};

/** One kind's reads: its points, chart series, raw pages and their count, CSV, and the availability report. */
function kindRoutes(base: `/api/v2/${string}`) {
  const tags = ['point data'];
  return {
    /** The points' names, unit and series summary (the browser's tags). */
    points: route({ method: 'GET', path: `${base}/points`, tags, query: pointIdsQuerySchema, response: z.array(seriesPointSchema) }),
    /** Each point's values for the chart, downsampled so that no series has more than max_points buckets. */
    series: route({ method: 'GET', path: `${base}/series`, tags, query: pointSeriesQuerySchema, response: pointSeriesSchema }),
    /** A page of the range's raw records, oldest first. */
    page: route({ method: 'GET', path: base, tags, query: pointPageQuerySchema, response: z.array(pointRecordRowSchema) }),
    count: route({ method: 'GET', path: `${base}/count`, tags, query: pointRangeQuerySchema, response: countSchema }),
    /** Every raw record of the range as a CSV attachment. */
    csv: route({ method: 'GET', path: `${base}.csv`, tags, query: pointRangeQuerySchema, produces: 'text/csv' }),
    /** The share of expected records present per point and day, and the gaps. */
    availability: route({ method: 'GET', path: `${base}/availability`, tags, query: availabilityQuerySchema, response: availabilitySchema }),
    /** The same per point and day as a CSV attachment. */
    availabilityCsv: route({ method: 'GET', path: `${base}/availability.csv`, tags, query: availabilityQuerySchema, produces: 'text/csv' }),
  };
}
export type KindRoutes = ReturnType<typeof kindRoutes>;

/** The reads of every kind, by kind (the same shapes; each kind's own permission, docs/permissions.md). */
export const pointDataRoutes: Record<PointDataKind, KindRoutes> = {
  controller: kindRoutes(pointDataBases.controller),
  vendor: kindRoutes(pointDataBases.vendor),
  pcs: kindRoutes(pointDataBases.pcs),
  group: kindRoutes(pointDataBases.group),
};

const groupParams = z.object({ groupId: z.coerce.number().int().min(1).max(2147483647) });

/** A group's own points (group_data_view) and the upload of their data (group_data_upload), as a job. */
export const groupDataRoutes = {
  points: route({ method: 'GET', path: '/api/v2/groups/:groupId/group-points', tags: ['point data'], params: groupParams, query: groupPointsQuerySchema, response: pageSchema(groupPointSchema) }),
  /** The CSV is the body as text/csv (at most maxImportBytes); 202 with the queued job's id. */
  upload: route({
    method: 'POST', path: '/api/v2/groups/:groupId/group-data', tags: ['point data'], params: groupParams, rawBody: 'text/csv', status: 202,
    query: z.object({ file_name: z.string().min(1).max(255).optional() }), response: importQueuedSchema,
  }),
};

const siteParams = z.object({ id: z.coerce.number().int().min(1).max(2147483647) });

/** Admin → PCS sites (pcs_admin): list, rename, merge a duplicate into another site, delete an empty one. */
export const pcsSitesRoutes = {
  list: route({ method: 'GET', path: '/api/v2/pcs-sites', tags: ['PCS sites'], query: pcsSitesQuerySchema, response: pageSchema(pcsSiteRowSchema) }),
  rename: route({ method: 'PUT', path: '/api/v2/pcs-sites/:id', tags: ['PCS sites'], params: siteParams, body: pcsSiteRenameSchema, response: pcsSiteRowSchema }),
  merge: route({ method: 'POST', path: '/api/v2/pcs-sites/:id/merge', tags: ['PCS sites'], params: siteParams, body: pcsSiteMergeSchema, response: pcsSiteMergedSchema }),
  remove: route({ method: 'DELETE', path: '/api/v2/pcs-sites/:id', tags: ['PCS sites'], params: siteParams, status: 204 }),
};
