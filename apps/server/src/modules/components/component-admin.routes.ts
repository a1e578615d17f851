import { componentAdminRoutes as routes } from '@syrx/contracts/routes/components';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { ComponentAdminService } from './component-admin.service.ts';

/** Admin › Components (components_manage): the type tree, a type's changes and its points. */
export const componentAdminRoutes = (svc: ComponentAdminService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requirePermission('components_manage') };

  serve(app, routes.types, pre, async () => svc.types());
  serve(app, routes.createType, pre, async (req) => svc.createType(actorOf(req), req.body));
  serve(app, routes.updateType, pre, async (req) => svc.updateType(actorOf(req), req.params.id, req.body));
  serve(app, routes.moveType, pre, async (req) => svc.moveType(actorOf(req), req.params.id, req.body.direction));
  serve(app, routes.removeType, pre, async (req) => svc.removeType(actorOf(req), req.params.id));
  serve(app, routes.points, pre, async (req) => svc.points(req.params.id));
  serve(app, routes.addPoint, pre, async (req) => svc.addPoint(actorOf(req), req.params.id, req.body));
  serve(app, routes.updatePoint, pre, async (req) => svc.updatePoint(actorOf(req), req.params.id, req.body));
  serve(app, routes.removePoint, pre, async (req) => svc.removePoint(actorOf(req), req.params.id));
};
