import type { Routes } from '../../app-context.ts';
import { componentsRoutes } from './components.routes.ts';
import { createComponentsService } from './components.service.ts';

/** The component type taxonomy: schedule tree, descendants, typeahead (docs/projects.md). */
export const componentsModule: Routes = (app, ctx) => {
  componentsRoutes(createComponentsService(ctx.db))(app, ctx);
};
