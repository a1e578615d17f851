import { maxImportBytes } from '@syrx/contracts/data-moves';
import { AppError } from '@syrx/contracts/errors';
import { importsRoutes as routes } from '@syrx/contracts/routes/data-moves';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { ImportsService } from './imports.service.ts';

const csvTypes = ['text/csv', 'application/csv'];

/**
 * POST /api/v2/imports/{vendor-point-records|pcs-points} with the CSV as the body (text/csv, at most 50 MB): 202 with
 * the queued job's id. The CSV parser and the larger body limit apply to these routes only.
 */
export const importsRoutes = (imports: ImportsService): Routes<GuardDeps> => (app, { guards }) => {
  void app.register(async (scope) => {
    scope.addContentTypeParser(csvTypes, { parseAs: 'buffer', bodyLimit: maxImportBytes }, (_req, body, done) => done(null, body));
    serve(scope, routes.queue, { preHandler: guards.requireActor, bodyLimit: maxImportBytes }, async (req) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError('bad_request', 415, `Send the file as the body with the content type text/csv.`);
      return { job_id: await imports.queue(actorOf(req), req.params.kind, req.body, req.query.file_name) };
    });
  });
};
