import type { Db } from '../../db/client.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { groupRolesRoutes } from './group-roles.routes.ts';
import { createGroupRolesService } from './group-roles.service.ts';
import { rolesRoutes } from './roles.routes.ts';
import { createRolesService } from './roles.service.ts';
import { userRolesRoutes } from './user-roles.routes.ts';

/**
 * Roles and group roles (spec 02; docs/permissions.md): their screens' API and who holds them. The permissions they
 * give are read by the users service for every request (modules/users, group-grants.service.ts).
 */
export const rolesModule: Routes<GuardDeps & { db: Db; groups: GroupsService; users: Pick<UsersService, 'actor'> }> = (app, { db, groups, users, guards }) => {
  const roles = createRolesService(db, groups);
  const groupRoles = createGroupRolesService(db, groups, users);
  for (const routes of [rolesRoutes(roles), groupRolesRoutes(groupRoles), userRolesRoutes(roles, groupRoles)]) routes(app, { guards });
};
