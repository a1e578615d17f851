import { usersAdminRoutes as routes } from '@syrx/contracts/routes/users';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { UsersAdminService } from './users-admin.service.ts';

/** Users as administrators manage them (newer base): every route needs users_manage; the service scopes to visible groups. */
export const usersAdminRoutes = (users: UsersAdminService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requirePermission('users_manage') };

  serve(app, routes.list, pre, async (req) => users.list(actorOf(req), req.query));
  serve(app, routes.invite, pre, async (req) => users.invite(actorOf(req), req.body));
  serve(app, routes.roleOptions, pre, async () => users.roleOptions());
  serve(app, routes.get, pre, async (req) => users.get(actorOf(req), req.params.id));
  serve(app, routes.update, pre, async (req) => users.update(actorOf(req), req.params.id, req.body));
  serve(app, routes.deactivate, pre, async (req) => users.deactivate(actorOf(req), req.params.id));
  serve(app, routes.activate, pre, async (req) => users.activate(actorOf(req), req.params.id));
  serve(app, routes.resendInvitation, pre, async (req) => users.resendInvitation(actorOf(req), req.params.id));
};
