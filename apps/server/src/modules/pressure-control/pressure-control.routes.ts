import { pressureControlRoutes as contract } from '@syrx/contracts/routes/pressure-control';
import { type GuardDeps, type Routes } from '../../plugins/routes.ts';
import type { PressureControlService } from './pressure-control.service.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';

/** The building pressure control service's configuration and transmitters (legacy base; spec 01 section 7). */
export const pressureControlRoutes: Routes<GuardDeps & { pressureControl: PressureControlService }> = (app, { pressureControl: svc, guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, contract.configuration, pre, async (req) => svc.getConfiguration(actorOf(req), req.params.id, req.params.serviceId));
  serve(app, contract.patchConfiguration, pre, async (req) => svc.patchConfiguration(actorOf(req), req.params.id, req.params.serviceId, req.body));

  serve(app, contract.transmitters, pre, async (req) => svc.listTransmitters(actorOf(req), req.params.id, req.params.serviceId));
  serve(app, contract.createTransmitter, pre, async (req) => svc.createTransmitter(actorOf(req), req.params.id, req.params.serviceId, req.body));
  serve(app, contract.transmitter, pre, async (req) => svc.getTransmitter(actorOf(req), req.params.id, req.params.serviceId, req.params.transmitterId));
  serve(app, contract.updateTransmitter, pre,
    async (req) => svc.updateTransmitter(actorOf(req), req.params.id, req.params.serviceId, req.params.transmitterId, req.body));
  serve(app, contract.deleteTransmitter, pre, async (req) => {
    await svc.deleteTransmitter(actorOf(req), req.params.id, req.params.serviceId, req.params.transmitterId);
  });
};
