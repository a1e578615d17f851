import { pointHealthRoutes as routes } from '@syrx/contracts/routes/point-health';
import { serve } from '../../lib/serve-route.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { actorOf } from '../../plugins/session.ts';
import type { PointHealthService } from './point-health.service.ts';
import type { RelinquishService } from './relinquish.service.ts';
import type { SchedulesService } from './schedules.service.ts';

/** Point health sweeps, their findings, the fleet view, relinquishing an override and scheduled sweeps (docs/point-health.md). */
export const pointHealthRoutes: Routes<GuardDeps & { pointHealth: PointHealthService; relinquish: RelinquishService; schedules: SchedulesService }> = (
  app, { pointHealth, relinquish, schedules, guards },
) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, routes.start, pre, async (req) => pointHealth.start(actorOf(req), req.body));
  serve(app, routes.list, pre, async (req) => pointHealth.list(actorOf(req), req.query));
  serve(app, routes.get, pre, async (req) => pointHealth.get(actorOf(req), req.params.id));
  serve(app, routes.controllers, pre, async (req) => pointHealth.controllers(actorOf(req), req.params.id));
  serve(app, routes.findings, pre, async (req) => pointHealth.findings(actorOf(req), req.params.id, req.query));
  serve(app, routes.findingsCsv, pre, async (req, reply) => {
    const stream = await pointHealth.csv(actorOf(req), req.params.id, req.query);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="point-health-sweep-${req.params.id}.csv"`).send(stream);
  });
  serve(app, routes.fleet, pre, async (req) => pointHealth.fleet(actorOf(req), req.query.group_id));
  serve(app, routes.relinquish, pre, async (req) => relinquish.relinquish(actorOf(req), req.params.id));
  serve(app, routes.schedules, pre, async (req) => schedules.list(actorOf(req)));
  serve(app, routes.putSchedule, pre, async (req) => schedules.put(actorOf(req), req.params.groupId, req.body));
  serve(app, routes.removeSchedule, pre, async (req) => schedules.remove(actorOf(req), req.params.groupId));
};
