import { projectsRoutes as routes } from '@syrx/contracts/routes/projects';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { EquipmentService } from './equipment.service.ts';
import type { ProjectsService } from './projects.service.ts';

/** Projects of a group, a project's schedule and its equipment tasks (spec 02 section 7, newer base). */
export const projectsRoutes = (svc: ProjectsService, equipment: EquipmentService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, routes.list, pre, async (req) => svc.list(actorOf(req), req.params.groupId, req.query));
  serve(app, routes.create, pre, async (req) => svc.create(actorOf(req), req.body));
  serve(app, routes.get, pre, async (req) => svc.get(actorOf(req), req.params.id));
  serve(app, routes.update, pre, async (req) => svc.update(actorOf(req), req.params.id, req.body));
  serve(app, routes.remove, pre, async (req) => svc.remove(actorOf(req), req.params.id));

  serve(app, routes.schedule, pre, async (req) => equipment.schedule(actorOf(req), req.params.id));
  serve(app, routes.saveEquipmentTasks, pre, async (req) => equipment.saveTasks(actorOf(req), req.params.id, req.body));
};
