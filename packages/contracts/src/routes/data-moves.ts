import { z } from 'zod';
import {
  countSchema, importKinds, importQueuedSchema, moveItemsSchema, moveJobRowSchema, moveJobsCreatedSchema, pcsDeviceSchema,
  pcsPointSchema, pcsSiteSchema, treePageQuerySchema, vendorTreeEntrySchema,
} from '../data-moves.ts';
import { pageSchema } from '../jobs.ts';
import { route } from '../route.ts';

const treeTags = ['vendor and PCS points'];
const moveTags = ['moving records'];
const text = z.string().min(1).max(500);
const id = z.object({ id: z.coerce.number().int().min(1).max(2147483647) });
const level1 = z.object({ v: text });
const level2 = level1.extend({ a: text });
const level3 = level2.extend({ b: text });
const vendors = '/api/v2/vendor_points/vendors';
const entries = z.array(vendorTreeEntrySchema);

/**
 * The move wizard's point trees (docs/data-moves.md): vendor points by vendor and id fields 1 to 3 (newer base), PCS
 * sites, devices and points (legacy base); every level pages (skip/take, sort) and counts.
 */
export const pointTreesRoutes = {
  vendors: route({ method: 'GET', path: vendors, tags: treeTags, response: z.array(z.string()) }),
  vendorLevel1: route({ method: 'GET', path: `${vendors}/:v/id_field_1`, tags: treeTags, params: level1, query: treePageQuerySchema, response: entries }),
  vendorLevel1Count: route({ method: 'GET', path: `${vendors}/:v/id_field_1/count`, tags: treeTags, params: level1, response: countSchema }),
  vendorLevel2: route({ method: 'GET', path: `${vendors}/:v/id_field_1/:a/id_field_2`, tags: treeTags, params: level2, query: treePageQuerySchema, response: entries }),
  vendorLevel2Count: route({ method: 'GET', path: `${vendors}/:v/id_field_1/:a/id_field_2/count`, tags: treeTags, params: level2, response: countSchema }),
  vendorLevel3: route({ method: 'GET', path: `${vendors}/:v/id_field_1/:a/id_field_2/:b/id_field_3`, tags: treeTags, params: level3, query: treePageQuerySchema, response: entries }),
  vendorLevel3Count: route({ method: 'GET', path: `${vendors}/:v/id_field_1/:a/id_field_2/:b/id_field_3/count`, tags: treeTags, params: level3, response: countSchema }),
  pcsSites: route({ method: 'GET', path: '/api/PcsSites', tags: treeTags, query: treePageQuerySchema, response: z.array(pcsSiteSchema) }),
  pcsSiteCount: route({ method: 'GET', path: '/api/PcsSites/count', tags: treeTags, response: countSchema }),
  pcsDevices: route({ method: 'GET', path: '/api/PcsSites/:id/devices', tags: treeTags, params: id, query: treePageQuerySchema, response: z.array(pcsDeviceSchema) }),
  pcsDeviceCount: route({ method: 'GET', path: '/api/PcsSites/:id/devices/count', tags: treeTags, params: id, response: countSchema }),
  pcsPoints: route({ method: 'GET', path: '/api/PcsDevices/:id/points', tags: treeTags, params: id, query: treePageQuerySchema, response: z.array(pcsPointSchema) }),
  pcsPointCount: route({ method: 'GET', path: '/api/PcsDevices/:id/points/count', tags: treeTags, params: id, response: countSchema }),
  pcsPoint: route({ method: 'GET', path: '/api/PcsPoints/:id', tags: treeTags, params: id, response: pcsPointSchema }),
};

/** Queueing moves of vendor point records and the move-job list (newer base). */
export const movesRoutes = {
  queue: route({ method: 'POST', path: '/api/v2/vendor_point_record_move_jobs', tags: moveTags, body: moveItemsSchema, response: moveJobsCreatedSchema, status: 201 }),
  statuses: route({ method: 'GET', path: '/api/v2/jobs/statuses', tags: moveTags, query: treePageQuerySchema, response: pageSchema(moveJobRowSchema) }),
};

/** CSV imports: the file is the body as text/csv (at most maxImportBytes); 202 with the queued job's id. */
export const importsRoutes = {
  queue: route({
    method: 'POST', path: '/api/v2/imports/:kind', tags: ['imports'], rawBody: 'text/csv', status: 202,
    params: z.object({ kind: z.enum(importKinds) }),
    query: z.object({ file_name: z.string().min(1).max(255).optional() }),
    response: importQueuedSchema,
  }),
};
