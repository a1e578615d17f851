import type { z } from 'zod';
import { type MoveJobRow, type moveItemSchema, treePageSize } from '@syrx/contracts/data-moves';
import { AppError, type FieldError } from '@syrx/contracts/errors';
import { type GridQuery, pageOf } from '@syrx/contracts/grid';
import type { Page } from '@syrx/contracts/jobs';
import type { Db } from '../../db/client.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import type { Actor } from '../../security/actor.ts';
import { dataMovePermissions, hasAny, requireAny } from './data-moves.access.ts';
import type { JobQueue } from './data-moves.jobs.ts';
import { moveJobsRepo } from './move-jobs.repo.ts';
import type { MoveJobParams } from './move-job-params.ts';
import { pointSourcesRepo } from './point-sources.repo.ts';
import { maxDbId } from '@syrx/contracts/ids';

export type MoveItemInput = z.output<typeof moveItemSchema>;
type Side = 'source' | 'destination';
const maxId = maxDbId;

const kinds = [
  { key: 'vendor_point_id', what: 'vendor point' },
  { key: 'pcs_point_id', what: 'PCS point' },
  { key: 'syrx_controller_bacnet_point_id', what: 'controller BACnet point' },
] as const;

/**
 * Moving (or copying) records between points: POST /api/v2/vendor_point_record_move_jobs queues one move job per item
 * once every item names points that exist; GET /api/v2/jobs/statuses lists the move jobs.
 */
export function createMovesService(db: Db, deps: { controllers: Pick<ControllersService, 'accessible'>; jobs: JobQueue }) {
  /** The series a side names (made on first use for a controller point); a 400 naming the field when there is none. */
  async function seriesOf(actor: Actor, item: MoveItemInput, index: number, side: Side): Promise<number> {
    const kind = kinds.find((k) => item[`${side}_${k.key}`] !== null) ?? kinds[0];
    const id = item[`${side}_${kind.key}`];
    const missing = (): AppError => {
      const field: FieldError = { field: `${index}.${side}_${kind.key}`, message: `The ${side} ${kind.what} ${id} does not exist.` };
      return AppError.badRequest(`Item ${index + 1}: the ${side} ${kind.what} ${id} does not exist.`, [field]);
    };
    // An id past the column's range names nothing (the contract does not bound it).
    if (id === null || id > maxId) throw missing();
    if (kind.key === 'syrx_controller_bacnet_point_id') {
      // A controller point counts only when the user can see its controller (no existence leaks).
      const controller = await pointSourcesRepo.controllerOfBacnetPoint(db, id);
      if (controller === null) throw missing();
      await deps.controllers.accessible(actor, controller).catch((err: unknown) => {
        throw err instanceof AppError && err.status === 404 ? missing() : err;
      });
    }
    const dataPoint = await pointSourcesRepo.dataPointOf(db, {
      vendorPointId: kind.key === 'vendor_point_id' ? id : null,
      pcsPointId: kind.key === 'pcs_point_id' ? id : null,
      bacnetPointId: kind.key === 'syrx_controller_bacnet_point_id' ? id : null,
    });
    if (dataPoint === null) throw missing();
    return dataPoint;
  }

  async function paramsOf(actor: Actor, item: MoveItemInput, index: number, chunkSize: number | undefined): Promise<MoveJobParams> {
    const source = await seriesOf(actor, item, index, 'source');
    const destination = await seriesOf(actor, item, index, 'destination');
    if (source === destination) {
      throw AppError.badRequest(`Item ${index + 1}: the source and the destination are the same point.`, [
        { field: `${index}.destination_data_point_name`, message: 'The destination must be another point than the source.' },
      ]);
    }
    const iso = (d: string | null) => (item.full_time_range || d === null ? null : new Date(d).toISOString());
    return {
      ...item,
      start_date: iso(item.start_date),
      end_date: iso(item.end_date),
      source_data_point_id: source,
      destination_data_point_id: destination,
      ...(chunkSize ? { chunk_size: chunkSize } : {}),
    };
  }

  return {
    /** Validates every item, then queues one move job per item in one transaction; their ids in order. */
    async queue(actor: Actor, items: MoveItemInput[], opts: { chunkSize?: number } = {}): Promise<number[]> {
      requireAny(actor, dataMovePermissions.moveRecords, 'Moving vendor point records');
      const params: MoveJobParams[] = [];
      for (const [i, item] of items.entries()) params.push(await paramsOf(actor, item, i, opts.chunkSize));
      const ids = await db.transaction(async (tx) => {
        const queued: number[] = [];
        for (const p of params) queued.push(await deps.jobs.create({ jobType: 'vendor_point_record_move', params: p, userId: actor.userId }, tx));
        return queued;
      });
      deps.jobs.wake();
      return ids;
    },

    /** The move-job list: newest queued first by default; everyone's with the move or job-log permissions, else one's own. */
    async statuses(actor: Actor, q: GridQuery): Promise<Page<MoveJobRow>> {
      const scope = hasAny(actor, dataMovePermissions.seeAllMoveJobs) ? { all: true as const } : { userId: actor.userId };
      const items = await moveJobsRepo.list(db, scope, q.sort, pageOf(q, treePageSize));
      return { items, total: await moveJobsRepo.count(db, scope) };
    },
  };
}
export type MovesService = ReturnType<typeof createMovesService>;
