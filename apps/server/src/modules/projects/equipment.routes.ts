import { equipmentRoutes as routes } from '@syrx/contracts/routes/equipment';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { EquipmentService } from './equipment.service.ts';

/** Equipment (spec 02 section 7, newer base): create (in the schedule flow with its project), read, update, delete. */
export const equipmentRoutes = (svc: EquipmentService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, routes.create, pre, async (req) => svc.create(actorOf(req), req.body));
  serve(app, routes.get, pre, async (req) => svc.get(actorOf(req), req.params.id));
  serve(app, routes.update, pre, async (req) => svc.update(actorOf(req), req.params.id, req.body.equipment));
  serve(app, routes.remove, pre, async (req) => svc.remove(actorOf(req), req.params.id));
};
