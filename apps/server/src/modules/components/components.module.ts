import type { Db } from '../../db/client.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { componentsRoutes } from './components.routes.ts';
import { createComponentsService } from './components.service.ts';

/** The component type taxonomy: schedule tree, descendants, typeahead (docs/projects.md). */
export const componentsModule: Routes<GuardDeps & { db: Db }> = (app, { db, guards }) => {
  componentsRoutes(createComponentsService(db))(app, { guards });
};
