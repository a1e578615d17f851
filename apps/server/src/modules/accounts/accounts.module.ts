import type { Routes } from '../../app-context.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { createAccountsService } from './accounts.service.ts';

/** Building meter accounts of groups with their size and price history, weather stations and time zones (docs/permissions.md). */
export const accountsModule: Routes = (app, ctx) => {
  accountsRoutes(createAccountsService(ctx.db, ctx.services.groups))(app, ctx);
};
