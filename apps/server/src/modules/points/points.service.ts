import { AppError } from '@syrx/contracts/errors';
import { type GridQuery, pageOf } from '@syrx/contracts/grid';
import {
  type BacnetPoint, type PointChange, type PointObjectGroup, type PointUploadItem, type PointUploadResult, sortablePointFields,
} from '@syrx/contracts/points';
import type { z } from 'zod';
import type { pointListQuerySchema, pointUploadBeginSchema } from '@syrx/contracts/points';
import type { ReportingPoint } from '@syrx/contracts/records';
import { and } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { filtersSqlOf, orderByOf } from '../../lib/grid-sql.ts';
import { gatedCount, gatedJsonArray, gatedRows } from '../../lib/gated-read.ts';
import type { JsonAnswer } from '../../db/json-answer.ts';
import type { ControllersService, SqlGate } from '../controllers/controllers.service.ts';
import type { Actor } from '../../security/actor.ts';
import type { PointUploadsService } from './point-uploads.service.ts';
import { pointUploadsRepo } from './point-uploads.repo.ts';
import { pointFilterColumns, pointListWhere, type PointScope, pointSortColumns, pointsRepo } from './points.repo.ts';

export type PointListQuery = z.infer<typeof pointListQuerySchema>;
const deviceNotFound = () => AppError.notFound('The BACnet device');
const pointNotFound = () => AppError.notFound('The BACnet point');

/** Points of a controller or of one device: grids, the point-picker tree, reporting selection and uploads by users. */
export function createPointsService(db: Db, controllers: ControllersService, uploads: PointUploadsService, events: DomainEvents) {
  async function controllerFor(actor: Actor, controllerId: string, change: boolean): Promise<void> {
    const c = await controllers.accessible(actor, controllerId);
    if (change) controllers.requireAdmin(actor, c.group_id);
  }

  /** The device's scope when the actor sees its controller (else 404, as if it did not exist). */
  async function deviceScope(actor: Actor, deviceId: number, change = false): Promise<{ deviceId: number; controllerId: string }> {
    const c = await controllers.accessibleOfDevice(actor, deviceId);
    if (!c) throw deviceNotFound();
    if (change) controllers.requireAdmin(actor, c.group_id);
    return { deviceId, controllerId: c.id };
  }

  // A grid's reads carry their access gate (lib/gated-read.ts): one round trip, the gate's 404 first.
  const where = (scope: PointScope, q: PointListQuery, gate: SqlGate) =>
    and(gate.condition, pointListWhere(scope, q.showUnavailable ?? true, filtersSqlOf(q.filters, pointFilterColumns)));
  const page = (scope: PointScope, q: PointListQuery, gate: SqlGate) =>
    gatedJsonArray(gate, () => pointsRepo.list(db, where(scope, q, gate), orderByOf(q.sort, pointSortColumns, sortablePointFields), pageOf(q)));
  const count = (scope: PointScope, q: PointListQuery, gate: SqlGate) => gatedCount(gate, () => pointsRepo.count(db, where(scope, q, gate)));

  async function pointOf(actor: Actor, controllerId: string, pointId: number): Promise<BacnetPoint> {
    await controllerFor(actor, controllerId, false);
    const point = await pointsRepo.find(db, pointId);
    if (!point || point.syrx_controller_id !== controllerId) throw pointNotFound();
    return point;
  }

  return {
    listOfController(actor: Actor, controllerId: string, q: PointListQuery): Promise<JsonAnswer<BacnetPoint[]>> {
      return page({ controllerId }, q, controllers.controllerGate(actor, controllerId));
    },
    countOfController(actor: Actor, controllerId: string, q: PointListQuery): Promise<number> {
      return count({ controllerId }, q, controllers.controllerGate(actor, controllerId));
    },
    getOfController: pointOf,

    listOfDevice(actor: Actor, deviceId: number, q: PointListQuery): Promise<JsonAnswer<BacnetPoint[]>> {
      return page({ deviceId }, q, controllers.deviceGate(actor, deviceId));
    },
    countOfDevice(actor: Actor, deviceId: number, q: PointListQuery): Promise<number> {
      return count({ deviceId }, q, controllers.deviceGate(actor, deviceId));
    },
    objectGroups(actor: Actor, deviceId: number, q: Pick<PointListQuery, 'showUnavailable'>): Promise<PointObjectGroup[]> {
      const gate = controllers.deviceGate(actor, deviceId);
      return gatedRows(gate, () => pointsRepo.objectGroups(db, and(gate.condition, pointListWhere({ deviceId }, q.showUnavailable ?? true))));
    },

    /** Recent appeared, disappeared and reappeared points of a device of that controller, newest first. */
    async changes(actor: Actor, controllerId: string, deviceId: number, q: GridQuery): Promise<PointChange[]> {
      await controllerFor(actor, controllerId, false);
      if ((await pointUploadsRepo.controllerOfDevice(db, deviceId)) !== controllerId) throw deviceNotFound();
      return pointsRepo.changes(db, deviceId, pageOf(q));
    },

    async setSelectedForReporting(actor: Actor, controllerId: string, pointId: number, selected: boolean): Promise<BacnetPoint> {
      await controllerFor(actor, controllerId, true);
      if (!(await pointsRepo.setSelectedForReporting(db, controllerId, pointId, selected))) throw pointNotFound();
      // The agent's reporting configuration lists the selected points.
      events.emit('controller-config-changed', controllerId);
      return pointOf(actor, controllerId, pointId);
    },
    /** The points the controller's reporting service collects, with their devices' addresses (for its configuration). */
    /** The points each controller's reporting service collects, by controller (read together, for agents' configurations). */
    reportingPointsOf: (controllerIds: readonly string[]): Promise<Map<string, ReportingPoint[]>> => pointsRepo.reportingPointsOf(db, controllerIds),

    async beginUpload(actor: Actor, deviceId: number, input: z.infer<typeof pointUploadBeginSchema>): Promise<{ upload_id: number }> {
      return uploads.begin((await deviceScope(actor, deviceId, true)).deviceId, input);
    },
    async addBatch(actor: Actor, deviceId: number, uploadId: number, points: PointUploadItem[]): Promise<void> {
      await uploads.addBatch((await deviceScope(actor, deviceId, true)).deviceId, uploadId, points);
    },
    async completeUpload(actor: Actor, deviceId: number, uploadId: number): Promise<PointUploadResult> {
      return uploads.complete((await deviceScope(actor, deviceId, true)).deviceId, uploadId);
    },
  };
}
export type PointsService = ReturnType<typeof createPointsService>;
