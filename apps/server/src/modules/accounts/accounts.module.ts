import type { Db } from '../../db/client.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { createAccountsService } from './accounts.service.ts';

/** Building meter accounts of groups with their size and price history, weather stations and time zones (docs/permissions.md). */
export const accountsModule: Routes<GuardDeps & { db: Db; groups: GroupsService }> = (app, { db, groups, guards }) => {
  accountsRoutes(createAccountsService(db, groups))(app, { guards });
};
