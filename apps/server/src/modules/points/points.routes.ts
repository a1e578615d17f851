import { pointsRoutes as contract } from '@syrx/contracts/routes/points';
import { type GuardDeps, type Routes } from '../../plugins/routes.ts';
import type { PointsService } from './points.service.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';

/** BACnet points of a controller and of a device, reporting selection and uploads (legacy base). */
export const pointsRoutes: Routes<GuardDeps & { points: PointsService }> = (app, { points, guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, contract.listOfController, pre, async (req) => points.listOfController(actorOf(req), req.params.id, req.query));
  serve(app, contract.countOfController, pre, async (req) => ({ count: await points.countOfController(actorOf(req), req.params.id, req.query) }));
  serve(app, contract.getOfController, pre, async (req) => points.getOfController(actorOf(req), req.params.id, req.params.pointId));
  serve(app, contract.setReporting, pre,
    async (req) => points.setSelectedForReporting(actorOf(req), req.params.id, req.params.pointId, req.body.is_selected_for_reporting));
  serve(app, contract.changes, pre, async (req) => points.changes(actorOf(req), req.params.id, req.params.deviceId, req.query));

  serve(app, contract.listOfDevice, pre, async (req) => points.listOfDevice(actorOf(req), req.params.deviceId, req.query));
  serve(app, contract.countOfDevice, pre, async (req) => ({ count: await points.countOfDevice(actorOf(req), req.params.deviceId, req.query) }));
  serve(app, contract.objectGroups, pre, async (req) => points.objectGroups(actorOf(req), req.params.deviceId, req.query));

  serve(app, contract.beginUpload, pre, async (req) => points.beginUpload(actorOf(req), req.params.deviceId, req.body));
  serve(app, contract.addBatch, pre, async (req) => {
    await points.addBatch(actorOf(req), req.params.deviceId, req.body.upload_id, req.body.points);
  });
  serve(app, contract.completeUpload, pre, async (req) => points.completeUpload(actorOf(req), req.params.deviceId, req.body.upload_id));
};
