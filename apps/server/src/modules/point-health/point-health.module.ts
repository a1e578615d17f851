import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { PeriodicTask } from '../../lib/periodic-task.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import { reportingPollSeconds } from '../controllers/agents.service.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import type { JobsService, JobWorker } from '../jobs/jobs.service.ts';
import type { AgentLink } from '../realtime/agent-link.service.ts';
import { pointHealthRoutes } from './point-health.routes.ts';
import { createPointHealthService } from './point-health.service.ts';
import { createRelinquishService } from './relinquish.service.ts';
import { createSchedulesService } from './schedules.service.ts';
import { type SweepJobDeps, sweepJobHandler } from './sweep.job.ts';

export interface PointHealthModuleDeps extends GuardDeps {
  config: Pick<Config, 'jobs'>;
  db: Db;
  controllers: Pick<ControllersService, 'accessible' | 'requireAdmin' | 'requireManager'>;
  groups: Pick<GroupsService, 'canSee' | 'visibleSql'>;
  jobs: Pick<JobsService, 'create' | 'wake'>;
  jobWorker: Pick<JobWorker, 'register'>;
  agentLink: Pick<AgentLink, 'call'>;
  audit: AuditRecorder;
  /** Run in a sweep's last step, in its transaction (app.ts: the issues log's automatic close). */
  afterSweep?: SweepJobDeps['afterSweep'];
}

/**
 * Point health (issue 25, docs/point-health.md): sweeps of controllers' points through their agents as jobs on this
 * process's worker, their findings and the fleet view, relinquishing an override, and the groups' scheduled sweeps.
 */
export const pointHealthModule: Routes<PointHealthModuleDeps> = (app, { config, db, controllers, groups, jobs, jobWorker, agentLink, audit, afterSweep, guards }) => {
  jobWorker.register(sweepJobHandler({ agentLink, reportingSeconds: reportingPollSeconds, ...(afterSweep ? { afterSweep } : {}) }));
  const pointHealth = createPointHealthService({ db, controllers, groups, jobs });
  const relinquish = createRelinquishService({ db, controllers, groups, agentLink, audit });
  const schedules = createSchedulesService({ db, controllers, groups, jobs });
  pointHealthRoutes(app, { pointHealth, relinquish, schedules, guards });
  // Where the job worker runs, scheduled sweeps are queued when due: looked for every 60 polls (a minute by default).
  if (config.jobs.worker) {
    const scheduler = new PeriodicTask('point health schedules', () => schedules.runDue(), app.log);
    app.addHook('onReady', async () => scheduler.start(60 * config.jobs.pollMs, 5 * config.jobs.pollMs));
    app.addHook('preClose', async () => scheduler.close());
  }
};
