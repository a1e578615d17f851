import { maxImportBytes } from '@syrx/contracts/data-moves';
import { groupDataRoutes as routes } from '@syrx/contracts/routes/point-data';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { GroupDataService } from './group-data.service.ts';
import { csvBodyOf, withCsvBodies } from './imports.routes.ts';

/** A group's own points (GET …/group-points) and the upload of their data (POST …/group-data, text/csv: 202 with the job's id). */
export const groupDataRoutes = (groupData: GroupDataService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requireActor };
  serve(app, routes.points, pre, async (req) => groupData.points(actorOf(req), req.params.groupId, req.query));
  withCsvBodies(app, (scope) => {
    serve(scope, routes.upload, { ...pre, bodyLimit: maxImportBytes }, async (req) =>
      ({ job_id: await groupData.upload(actorOf(req), req.params.groupId, csvBodyOf(req), req.query.file_name) }));
  });
};
