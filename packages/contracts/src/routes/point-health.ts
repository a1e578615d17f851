import { z } from 'zod';
import { dbIdParamSchema } from '../ids.ts';
import { pageSchema } from '../jobs.ts';
import {
  findingsFilterSchema, findingsQuerySchema, fleetQuerySchema, fleetRowSchema, pointHealthFindingSchema, pointHealthScheduleSchema, pointHealthSweepSchema,
  putScheduleSchema, startSweepSchema, sweepControllerSchema, sweepsQuerySchema,
} from '../point-health.ts';
import { route } from '../route.ts';

const tags = ['point health'];
const base = '/api/v2/point-health';
const params = z.object({ id: dbIdParamSchema });
const groupParams = z.object({ groupId: dbIdParamSchema });

/** Point health sweeps, their findings and the fleet view (newer base; docs/point-health.md). */
export const pointHealthRoutes = {
  /** Starts a sweep as a job (202): pcs_admin, or a group role granting group_controllers_manage there. */
  start: route({ method: 'POST', path: `${base}/sweeps`, tags, body: startSweepSchema, response: pointHealthSweepSchema, status: 202 }),
  list: route({ method: 'GET', path: `${base}/sweeps`, tags, query: sweepsQuerySchema, response: pageSchema(pointHealthSweepSchema) }),
  get: route({ method: 'GET', path: `${base}/sweeps/:id`, tags, params, response: pointHealthSweepSchema }),
  controllers: route({ method: 'GET', path: `${base}/sweeps/:id/controllers`, tags, params, response: z.array(sweepControllerSchema) }),
  findings: route({ method: 'GET', path: `${base}/sweeps/:id/findings`, tags, params, query: findingsQuerySchema, response: pageSchema(pointHealthFindingSchema) }),
  findingsCsv: route({ method: 'GET', path: `${base}/sweeps/:id/findings.csv`, tags, params, query: findingsFilterSchema, produces: 'text/csv' }),
  fleet: route({ method: 'GET', path: `${base}/fleet`, tags, query: fleetQuerySchema, response: z.array(fleetRowSchema) }),
  /** Writes NULL at the override's priority through the controller's agent, then reads it back (audited). */
  relinquish: route({ method: 'POST', path: `${base}/findings/:id/relinquish`, tags, params, response: pointHealthFindingSchema }),
  /** Scheduled sweeps of the groups the caller sees; setting or removing one needs what starting a sweep there needs. */
  schedules: route({ method: 'GET', path: `${base}/schedules`, tags, response: z.array(pointHealthScheduleSchema) }),
  putSchedule: route({ method: 'PUT', path: `${base}/schedules/:groupId`, tags, params: groupParams, body: putScheduleSchema, response: pointHealthScheduleSchema }),
  removeSchedule: route({ method: 'DELETE', path: `${base}/schedules/:groupId`, tags, params: groupParams, status: 204 }),
};
