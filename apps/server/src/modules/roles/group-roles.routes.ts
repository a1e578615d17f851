import { groupRolesRoutes as routes } from '@syrx/contracts/routes/roles';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { GroupRolesService } from './group-roles.service.ts';

/**
 * Group roles (newer base; spec 02 section 7): the group permission catalogue (any signed-in user), the grid, the group
 * role, its group permissions and its holders (roles_manage).
 */
export const groupRolesRoutes = (groupRoles: GroupRolesService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requirePermission('roles_manage') };

  serve(app, routes.catalogue, { preHandler: guards.requireActor }, async () => groupRoles.permissions());
  serve(app, routes.list, pre, async (req) => groupRoles.list(req.query));
  serve(app, routes.create, pre, async (req) => groupRoles.create(req.body));
  serve(app, routes.get, pre, async (req) => groupRoles.get(req.params.id));
  serve(app, routes.update, pre, async (req) => groupRoles.update(req.params.id, req.body));
  serve(app, routes.remove, pre, async (req) => groupRoles.remove(req.params.id));
  serve(app, routes.groupPermissions, pre, async (req) => groupRoles.groupPermissions(req.params.id));
  serve(app, routes.setGroupPermissions, pre, async (req) => groupRoles.setGroupPermissions(req.params.id, req.body));
  serve(app, routes.holders, pre, async (req) => groupRoles.holders(actorOf(req), req.params.id));
  serve(app, routes.addHolder, pre, async (req) => groupRoles.addHolder(actorOf(req), req.params.id, req.body.username, req.body.group_id));
  serve(app, routes.removeHolder, pre, async (req) => groupRoles.removeHolder(actorOf(req), req.params.id, req.params.userId, req.params.groupId));
};
