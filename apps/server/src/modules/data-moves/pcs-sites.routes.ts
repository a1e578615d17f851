import { pcsSitesRoutes as routes } from '@syrx/contracts/routes/point-data';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { PcsSitesService } from './pcs-sites.service.ts';

/** Admin → PCS sites (pcs_admin): list, rename, merge a duplicate into another site, delete an empty site. */
export const pcsSitesRoutes = (sites: PcsSitesService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requireActor };
  serve(app, routes.list, pre, async (req) => sites.list(actorOf(req), req.query));
  serve(app, routes.rename, pre, async (req) => sites.rename(actorOf(req), req.params.id, req.body.site_name));
  serve(app, routes.merge, pre, async (req) => sites.merge(actorOf(req), req.params.id, req.body.into_site_id));
  serve(app, routes.remove, pre, async (req) => sites.remove(actorOf(req), req.params.id));
};
