import type { Db } from '../../db/client.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import type { JobWorker } from '../jobs/jobs.service.ts';
import type { GroupVisibility } from '../../security/group-scope.ts';
import { groupDataRoutes } from './group-data.routes.ts';
import { createGroupDataService } from './group-data.service.ts';
import { pcsSitesRoutes } from './pcs-sites.routes.ts';
import { createPcsSitesService } from './pcs-sites.service.ts';
import { dataMovesJobHandlers, type JobQueue } from './data-moves.jobs.ts';
import { importsRoutes } from './imports.routes.ts';
import { createImportsService } from './imports.service.ts';
import { movesRoutes } from './moves.routes.ts';
import { createMovesService } from './moves.service.ts';
import { pointTreesRoutes } from './point-trees.routes.ts';
import { createPointTreesService } from './point-trees.service.ts';

export interface DataMovesDeps extends GuardDeps {
  db: Db;
  controllers: Pick<ControllersService, 'accessible'>;
  groups: GroupVisibility;
  jobs: JobQueue;
  jobWorker: Pick<JobWorker, 'register'>;
}

/**
 * Vendor, PCS and group points and moving their records (docs/data-moves.md): the point trees, the CSV imports, the
 * move jobs and the move-job list, a group's points and the upload of their data, the PCS sites' administration, and
 * the handlers of their job types on this process's worker.
 */
export const dataMovesModule: Routes<DataMovesDeps> = (app, { db, controllers, groups, jobs, jobWorker, guards }) => {
  for (const handler of dataMovesJobHandlers(db)) jobWorker.register(handler);
  const trees = createPointTreesService(db);
  const moves = createMovesService(db, { controllers, jobs });
  const imports = createImportsService(db, { jobs });
  const groupData = createGroupDataService(db, { groups, jobs });
  const routes = [pointTreesRoutes(trees), movesRoutes(moves), importsRoutes(imports), groupDataRoutes(groupData), pcsSitesRoutes(createPcsSitesService(db))];
  for (const register of routes) register(app, { guards });
};
