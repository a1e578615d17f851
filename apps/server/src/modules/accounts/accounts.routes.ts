import { accountsRoutes as routes } from '@syrx/contracts/routes/accounts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { AccountsService } from './accounts.service.ts';

/** Building meter accounts, their size and price history, and the lookups (spec 02 section 7, newer base). */
export const accountsRoutes = (svc: AccountsService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, routes.forGroup, pre, async (req) => svc.listForGroup(actorOf(req), req.params.groupId));
  serve(app, routes.create, pre, async (req) => svc.create(actorOf(req), req.body));
  serve(app, routes.get, pre, async (req) => svc.get(actorOf(req), req.params.id));
  serve(app, routes.update, pre, async (req) => svc.update(actorOf(req), req.params.id, req.body));
  serve(app, routes.remove, pre, async (req) => svc.remove(actorOf(req), req.params.id));

  serve(app, routes.addSize, pre, async (req) => svc.addSize(actorOf(req), req.body));
  serve(app, routes.addPrice, pre, async (req) => svc.addPrice(actorOf(req), req.body));

  serve(app, routes.weatherStations, pre, async () => svc.weatherStations());
  serve(app, routes.timeZones, pre, async () => [...svc.timeZones()]);
};
