import type { FastifyInstance, FastifyRequest } from 'fastify';
import { maxImportBytes } from '@syrx/contracts/data-moves';
import { AppError } from '@syrx/contracts/errors';
import { importsRoutes as routes } from '@syrx/contracts/routes/data-moves';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { ImportsService } from './imports.service.ts';

const csvTypes = ['text/csv', 'application/csv'];

/** Routes whose body is a CSV file (text/csv, at most 50 MB): the CSV parser and the larger body limit apply to them only. */
export function withCsvBodies(app: FastifyInstance, register: (scope: FastifyInstance) => void): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(csvTypes, { parseAs: 'buffer', bodyLimit: maxImportBytes }, (_req, body, done) => done(null, body));
    register(scope);
  });
}

/** The CSV file a request sent; 415 when it was sent as something else. */
export function csvBodyOf(req: FastifyRequest): Buffer {
  if (!Buffer.isBuffer(req.body)) throw new AppError('bad_request', 415, `Send the file as the body with the content type text/csv.`);
  return req.body;
}

/** POST /api/v2/imports/{vendor-point-records|pcs-points} with the CSV as the body: 202 with the queued job's id. */
export const importsRoutes = (imports: ImportsService): Routes<GuardDeps> => (app, { guards }) => {
  withCsvBodies(app, (scope) => {
    serve(scope, routes.queue, { preHandler: guards.requireActor, bodyLimit: maxImportBytes }, async (req) =>
      ({ job_id: await imports.queue(actorOf(req), req.params.kind, csvBodyOf(req), req.query.file_name) }));
  });
};
