import type { SQL } from 'drizzle-orm';
import { AppError } from '@syrx/contracts/errors';
import type { PointHealthSchedule, PutSchedule } from '@syrx/contracts/point-health';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../security/actor.ts';
import type { PointHealthDeps } from './point-health.service.ts';
import { schedulesRepo } from './schedules.repo.ts';
import { queueSweep, sweepSettings } from './sweep-queue.ts';

/** Schedules claimed in one run at most (the rest wait for the next). */
const maxPerRun = 100;

/**
 * Scheduled sweeps (docs/point-health.md): a group's daily sweep, set and removed with the rights that start a sweep
 * there, and the run that queues the sweeps that came due (every instance may run it: a due schedule is claimed once).
 */
export function createSchedulesService({ db, controllers, groups, jobs }: PointHealthDeps & { db: Db }) {
  const visibleTo = (actor: Actor) => (groupId: SQL) => groups.visibleSql(actor, groupId);

  async function manageable(actor: Actor, groupId: number): Promise<void> {
    controllers.requireManager(actor);
    if (!(await groups.canSee(actor, groupId))) throw AppError.notFound('The group');
    controllers.requireAdmin(actor, groupId);
  }

  return {
    list: (actor: Actor): Promise<PointHealthSchedule[]> => schedulesRepo.list(db, visibleTo(actor)),

    /** Sets the group's daily sweep (its next run: the next time the hour comes, UTC); the sweeps run as the caller's. */
    async put(actor: Actor, groupId: number, body: PutSchedule): Promise<PointHealthSchedule> {
      await manageable(actor, groupId);
      await schedulesRepo.put(db, { groupId, hourUtc: body.hour_utc, userId: actor.userId, ...sweepSettings(body) });
      const saved = await schedulesRepo.get(db, groupId);
      if (!saved) throw new Error('schedule not saved');
      return saved;
    },

    async remove(actor: Actor, groupId: number): Promise<void> {
      await manageable(actor, groupId);
      if (!(await schedulesRepo.remove(db, groupId))) throw AppError.notFound('The scheduled sweep');
    },

    /** Queues the sweeps of the schedules that came due; returns how many. */
    async runDue(): Promise<number> {
      let queued = 0;
      while (queued < maxPerRun) {
        const ran = await db.transaction(async (tx) => {
          const due = await schedulesRepo.claimDue(tx);
          if (!due) return false;
          const settings = sweepSettings({ operator_priorities: due.operator_priorities, program_priorities: due.program_priorities });
          await schedulesRepo.ran(tx, due.group_id, await queueSweep(tx, jobs, { controllerId: null, groupId: due.group_id }, due.user_id, settings));
          return true;
        });
        if (!ran) break;
        queued++;
      }
      if (queued > 0) jobs.wake();
      return queued;
    },
  };
}
export type SchedulesService = ReturnType<typeof createSchedulesService>;
