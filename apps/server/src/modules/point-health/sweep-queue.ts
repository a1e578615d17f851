import { defaultOperatorPriorities } from '@syrx/contracts/point-health';
import type { DbOrTx } from '../../db/client.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import { sweepsRepo } from './sweeps.repo.ts';

/** A sweep's settings as stored: each priority once, in order; the operator's 8 unless given. */
export function sweepSettings(s: { operator_priorities?: number[] | undefined; program_priorities?: number[] | null | undefined }) {
  const sorted = (ps: number[]) => [...new Set(ps)].sort((a, b) => a - b);
  return {
    operatorPriorities: sorted(s.operator_priorities ?? [...defaultOperatorPriorities]),
    programPriorities: s.program_priorities ? sorted(s.program_priorities) : null,
  };
}

export interface SweepScope {
  controllerId: string | null;
  groupId: number | null;
}

/**
 * Queues a sweep in the caller's transaction: the sweep, the controllers it covers (the controller, or the group's and
 * its subgroups' now) and its job. The caller wakes the worker after the commit.
 */
export async function queueSweep(tx: DbOrTx, jobs: Pick<JobsService, 'create'>, scope: SweepScope, userId: number | null, settings: ReturnType<typeof sweepSettings>): Promise<number> {
  const controllerIds = scope.controllerId !== null ? [scope.controllerId] : await sweepsRepo.controllersUnder(tx, scope.groupId ?? 0);
  const sweepId = await sweepsRepo.insert(tx, { ...scope, userId, ...settings });
  await sweepsRepo.addControllers(tx, sweepId, controllerIds);
  await sweepsRepo.setJob(tx, sweepId, await jobs.create({ jobType: 'point_health_sweep', params: { sweep_id: sweepId }, userId }, tx));
  return sweepId;
}
