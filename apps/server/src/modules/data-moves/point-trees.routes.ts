import { pointTreesRoutes as routes } from '@syrx/contracts/routes/data-moves';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { PointTreesService } from './point-trees.service.ts';

/** The point trees of the move wizard: vendor points (newer base) and PCS sites, devices and points (legacy base). */
export const pointTreesRoutes = (trees: PointTreesService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requireActor };
  const count = async (n: Promise<number>) => ({ count: await n });

  serve(app, routes.vendors, pre, async (req) => trees.vendors(actorOf(req)));
  serve(app, routes.vendorLevel1, pre, async (req) => trees.vendorLevel(actorOf(req), req.params.v, [], req.query));
  serve(app, routes.vendorLevel1Count, pre, async (req) => count(trees.vendorLevelCount(actorOf(req), req.params.v, [])));
  serve(app, routes.vendorLevel2, pre, async (req) => trees.vendorLevel(actorOf(req), req.params.v, [req.params.a], req.query));
  serve(app, routes.vendorLevel2Count, pre, async (req) => count(trees.vendorLevelCount(actorOf(req), req.params.v, [req.params.a])));
  serve(app, routes.vendorLevel3, pre, async (req) => trees.vendorLevel(actorOf(req), req.params.v, [req.params.a, req.params.b], req.query));
  serve(app, routes.vendorLevel3Count, pre, async (req) => count(trees.vendorLevelCount(actorOf(req), req.params.v, [req.params.a, req.params.b])));

  serve(app, routes.pcsSites, pre, async (req) => trees.sites(actorOf(req), req.query));
  serve(app, routes.pcsSiteCount, pre, async (req) => count(trees.siteCount(actorOf(req))));
  serve(app, routes.pcsDevices, pre, async (req) => trees.devices(actorOf(req), req.params.id, req.query));
  serve(app, routes.pcsDeviceCount, pre, async (req) => count(trees.deviceCount(actorOf(req), req.params.id)));
  serve(app, routes.pcsPoints, pre, async (req) => trees.points(actorOf(req), req.params.id, req.query));
  serve(app, routes.pcsPointCount, pre, async (req) => count(trees.pointCount(actorOf(req), req.params.id)));
  serve(app, routes.pcsPoint, pre, async (req) => trees.point(actorOf(req), req.params.id));
};
