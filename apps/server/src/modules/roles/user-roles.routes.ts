import { userRolesRoutes as routes } from '@syrx/contracts/routes/roles';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { GroupRolesService } from './group-roles.service.ts';
import type { RolesService } from './roles.service.ts';

/**
 * A user's roles and group roles (newer base): users_manage or roles_manage (the services check it and, for group
 * roles, that the group is visible). A change applies to the user's next request.
 */
export const userRolesRoutes = (roles: RolesService, groupRoles: GroupRolesService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, routes.roles, pre, async (req) => roles.rolesOfUser(actorOf(req), req.params.userId));
  serve(app, routes.setRoles, pre, async (req) => roles.setRolesOfUser(actorOf(req), req.params.userId, req.body));
  serve(app, routes.groupRoles, pre, async (req) => groupRoles.ofUser(actorOf(req), req.params.userId));
  serve(app, routes.setGroupRoles, pre, async (req) => groupRoles.setOfUser(actorOf(req), req.params.userId, req.body.group_id, req.body.group_role_ids));
};
