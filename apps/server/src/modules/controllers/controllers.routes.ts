import { AppError } from '@syrx/contracts/errors';
import { controllerMessages } from '@syrx/contracts/controllers';
import { controllersRoutes as routes } from '@syrx/contracts/routes/controllers';
import type { Config } from '../../config/env.ts';
import { type GuardDeps, type Routes } from '../../plugins/routes.ts';
import type { UsersService } from '../users/users.service.ts';
import type { ConnectionService } from './connection.service.ts';
import type { ControllersService } from './controllers.service.ts';
import type { EnabledServicesService } from './enabled-services.service.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import { attemptLimit } from '../../lib/attempt-limit.ts';

export interface ControllersRoutesDeps extends GuardDeps {
  config: Pick<Config, 'authRateLimitPerMinute'>;
  controllers: ControllersService;
  connection: ConnectionService;
  enabledServices: EnabledServicesService;
  users: Pick<UsersService, 'sessionUser'>;
}

/** Controllers, their BACnet connection, BBMD servers and enabled services (legacy base). */
export const controllersRoutes: Routes<ControllersRoutesDeps> = (app, { config, controllers, connection, enabledServices, users, guards }) => {
  const pre = { preHandler: guards.requireActor };
  const currentGroupId = async (userId: number) => (await users.sessionUser(userId)).commissioning_group?.id ?? null;

  serve(app, routes.list, pre, async (req) => controllers.list(actorOf(req), req.query));
  serve(app, routes.count, pre, async (req) => ({ count: await controllers.count(actorOf(req), req.query.root_group_id) }));
  serve(app, routes.create, pre, async (req) => controllers.create(actorOf(req), req.body, await currentGroupId(actorOf(req).userId)));
  serve(app, routes.get, pre, async (req) => controllers.get(actorOf(req), req.params.id));
  serve(app, routes.update, pre, async (req) => controllers.update(actorOf(req), req.params.id, req.body));
  serve(app, routes.remove, pre, async (req) => controllers.remove(actorOf(req), req.params.id));

  const registerLimit = attemptLimit(config.authRateLimitPerMinute);
  serve(app, routes.register, { ...pre, config: { rateLimit: registerLimit } }, async (req) => {
    if (req.params.id.toLowerCase() !== req.body.syrx_controller_id) throw new AppError('bad_request', 400, controllerMessages.registrationFailed);
    const actor = actorOf(req);
    return controllers.register(actor, await currentGroupId(actor.userId), req.body.syrx_controller_id, req.body.password);
  });

  serve(app, routes.getConnection, pre, async (req) => connection.get(actorOf(req), req.params.id));
  serve(app, routes.putConnection, pre, async (req) => connection.put(actorOf(req), req.params.id, req.body));
  serve(app, routes.removeConnection, pre, async (req) => connection.remove(actorOf(req), req.params.id));
  serve(app, routes.bbmdServers, pre, async (req) => connection.listBbmd(actorOf(req), req.params.id));
  serve(app, routes.putBbmdServers, pre, async (req) => connection.putBbmd(actorOf(req), req.params.id, req.body));

  serve(app, routes.enabledServices, pre, async (req) => enabledServices.list(actorOf(req), req.params.id));
  serve(app, routes.putEnabledServices, pre, async (req) => enabledServices.replace(actorOf(req), req.params.id, req.body));
  serve(app, routes.enabledService, pre, async (req) => enabledServices.get(actorOf(req), req.params.id, req.params.serviceId));

  serve(app, routes.criticalStatuses, pre, async (req) => {
    const report = await controllers.criticalStatuses(actorOf(req), req.params.id);
    if (!report) throw AppError.notFound('A status report of this controller');
    return report;
  });

  // GET /api/v2/syrx-controller-service-types (with their versions) lives in modules/service-versions.
};
