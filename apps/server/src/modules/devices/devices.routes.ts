import { deviceSubmissionSchema } from '@syrx/contracts/devices';
import { devicesRoutes as contract } from '@syrx/contracts/routes/devices';
import { type GuardDeps, type Routes, typed } from '../../plugins/routes.ts';
import type { DevicesService } from './devices.service.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';

/** A controller's BACnet devices (legacy base; docs/devices-and-points.md). */
export const devicesRoutes: Routes<GuardDeps & { devices: DevicesService }> = (app, { devices, guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, contract.list, pre, async (req) => devices.list(actorOf(req), req.params.id, req.query));
  serve(app, contract.count, pre, async (req) => ({ count: await devices.count(actorOf(req), req.params.id, req.query) }));
  serve(app, contract.get, pre, async (req) => devices.get(actorOf(req), req.params.id, req.params.deviceId));

  serve(app, contract.reloadProperties, pre, async (req) => devices.reloadProperties(actorOf(req), req.params.id, req.params.deviceId));
  serve(app, contract.reloadPoints, pre, async (req) => devices.reloadPoints(actorOf(req), req.params.id, req.params.deviceId));
  // The dialog's road: staged for review, then POST /api/bacnet-devices/{deviceId}/bacnet-points/complete.
  serve(app, contract.stagePoints, pre, async (req, reply) => {
    // The browser gave up (Cancel, page closed): the agent stops reading.
    const gone = new AbortController();
    reply.raw.once('close', () => { if (!reply.raw.writableFinished) gone.abort(); });
    return devices.stagePoints(actorOf(req), req.params.id, req.params.deviceId, req.body.read_id, gone.signal);
  });
  serve(app, contract.setIgnored, pre, async (req) => devices.setIgnored(actorOf(req), req.params.id, req.params.deviceId, req.body.ignored));

  serve(app, contract.patch, pre, async (req) => devices.patch(actorOf(req), req.params.id, req.body));
  serve(app, contract.patchAny, pre, async (req) => devices.patch(actorOf(req), null, req.body));

  // One path with two answers by the body's shape (contract.add: one device, 201; contract.submit: a list, 200), so
  // one registration with both declarations' schemas rather than `serve`, which answers one status.
  const { add, submit } = contract;
  typed(app).post(add.path, {
    ...pre,
    schema: { tags: [...add.tags], params: add.params, body: deviceSubmissionSchema, response: { [add.status]: add.response, [submit.status]: submit.response } },
  }, async (req, reply) => {
    const actor = actorOf(req);
    if (Array.isArray(req.body)) return reply.status(submit.status).send(await devices.submit(actor, req.params.id, req.body));
    return reply.status(add.status).send(await devices.add(actor, req.params.id, req.body));
  });
};
