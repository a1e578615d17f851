import type { Db } from '../../db/client.ts';
import type { JobHandler, JobsService } from '../jobs/jobs.service.ts';
import { createImportHandlers } from './import.handlers.ts';
import { createMoveStepHandlers } from './move-steps.handlers.ts';
import { moveHandler } from './move.handler.ts';

/** What this module needs of the job system to queue its jobs (in a transaction, then waking the worker). */
export type JobQueue = Pick<JobsService, 'create' | 'wake'>;

/** The job handlers of this module: moves and their steps, and the CSV imports. */
export function dataMovesJobHandlers(db: Db): JobHandler[] {
  return [moveHandler, ...createMoveStepHandlers(db), ...createImportHandlers(db)];
}
