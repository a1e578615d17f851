import type { Routes } from '../../app-context.ts';
import { groupRolesRoutes } from './group-roles.routes.ts';
import { createGroupRolesService } from './group-roles.service.ts';
import { rolesRoutes } from './roles.routes.ts';
import { createRolesService } from './roles.service.ts';
import { userRolesRoutes } from './user-roles.routes.ts';

/**
 * Roles and group roles (spec 02; docs/permissions.md): their screens' API and who holds them. The permissions they
 * give are read by the users service for every request (modules/users, group-grants.service.ts).
 */
export const rolesModule: Routes = (app, ctx) => {
  const { db, services } = ctx;
  const roles = createRolesService(db);
  const groupRoles = createGroupRolesService(db, services.groups, services.users);
  for (const routes of [rolesRoutes(roles), groupRolesRoutes(groupRoles), userRolesRoutes(roles, groupRoles)]) routes(app, ctx);
};
