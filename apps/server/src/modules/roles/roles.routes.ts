import { rolesRoutes as routes } from '@syrx/contracts/routes/roles';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import type { RolesService } from './roles.service.ts';

/** Roles (newer base; spec 02 section 7): the grid, the role, its permissions and its users. All need roles_manage. */
export const rolesRoutes = (roles: RolesService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requirePermission('roles_manage') };

  serve(app, routes.list, pre, async (req) => roles.list(req.query));
  serve(app, routes.create, pre, async (req) => roles.create(req.body));
  serve(app, routes.get, pre, async (req) => roles.get(req.params.id));
  serve(app, routes.update, pre, async (req) => roles.update(req.params.id, req.body));
  serve(app, routes.remove, pre, async (req) => roles.remove(req.params.id));
  serve(app, routes.permissions, pre, async (req) => roles.permissions(req.params.id));
  serve(app, routes.setPermissions, pre, async (req) => roles.setPermissions(req.params.id, req.body));
  serve(app, routes.users, pre, async (req) => roles.users(req.params.id));
  serve(app, routes.addUser, pre, async (req) => roles.addUser(req.params.id, req.body.username));
  serve(app, routes.removeUser, pre, async (req) => roles.removeUser(req.params.id, req.params.userId));
};
