import { catalogueRoutes as routes } from '@syrx/contracts/routes/purchasing';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { CatalogueService } from './catalogue.service.ts';

/**
 * The purchasing catalogue (spec 02 section 7): GET for any signed-in user; POST, PUT and DELETE need
 * syrx_categories_manage (checked in the service).
 */
export const catalogueRoutes = (svc: CatalogueService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, routes.sizes, pre, async () => svc.sizes());
  serve(app, routes.createSize, pre, async (req) => svc.createSize(actorOf(req), req.body));
  serve(app, routes.updateSize, pre, async (req) => svc.updateSize(actorOf(req), req.params.id, req.body));
  serve(app, routes.removeSize, pre, async (req) => svc.deleteSize(actorOf(req), req.params.id));

  serve(app, routes.categories, pre, async () => svc.categories());
  serve(app, routes.createCategory, pre, async (req) => svc.createCategory(actorOf(req), req.body));
  serve(app, routes.updateCategory, pre, async (req) => svc.updateCategory(actorOf(req), req.params.id, req.body));
  serve(app, routes.removeCategory, pre, async (req) => svc.deleteCategory(actorOf(req), req.params.id));

  serve(app, routes.nodeTypes, pre, async () => svc.nodeTypes());
  serve(app, routes.createNodeType, pre, async (req) => svc.createNodeType(actorOf(req), req.body));
  serve(app, routes.updateNodeType, pre, async (req) => svc.updateNodeType(actorOf(req), req.params.id, req.body));
  serve(app, routes.removeNodeType, pre, async (req) => svc.deleteNodeType(actorOf(req), req.params.id));
};
