import type { Routes } from '../../app-context.ts';
import { dataMovesJobHandlers } from './data-moves.jobs.ts';
import { importsRoutes } from './imports.routes.ts';
import { createImportsService } from './imports.service.ts';
import { movesRoutes } from './moves.routes.ts';
import { createMovesService } from './moves.service.ts';
import { pointTreesRoutes } from './point-trees.routes.ts';
import { createPointTreesService } from './point-trees.service.ts';

/**
 * Vendor and PCS points and moving their records (docs/data-moves.md): the point trees, the CSV imports, the move jobs
 * and the move-job list, and the handlers of their job types on this process's worker.
 */
export const dataMovesModule: Routes = (app, ctx) => {
  const { db, services } = ctx;
  for (const handler of dataMovesJobHandlers(db)) services.jobWorker.register(handler);
  const trees = createPointTreesService(db);
  const moves = createMovesService(db, { controllers: services.controllers, jobs: services.jobs });
  const imports = createImportsService(db, { jobs: services.jobs });
  for (const routes of [pointTreesRoutes(trees), movesRoutes(moves), importsRoutes(imports)]) routes(app, ctx);
};
