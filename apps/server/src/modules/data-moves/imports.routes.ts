import { z } from 'zod';
import { importKinds, importQueuedSchema, maxImportBytes } from '@syrx/contracts/data-moves';
import { AppError } from '@syrx/contracts/errors';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';
import type { ImportsService } from './imports.service.ts';

const csvTypes = ['text/csv', 'application/csv'];

/**
 * POST /api/v2/imports/{vendor-point-records|pcs-points} with the CSV as the body (text/csv, at most 50 MB): 202 with
 * the queued job's id. The CSV parser and the larger body limit apply to these routes only.
 */
export const importsRoutes = (imports: ImportsService): Routes => (app, { guards }) => {
  void app.register(async (scope) => {
    scope.addContentTypeParser(csvTypes, { parseAs: 'buffer', bodyLimit: maxImportBytes }, (_req, body, done) => done(null, body));
    typed(scope).post('/api/v2/imports/:kind', {
      preHandler: guards.requireActor,
      bodyLimit: maxImportBytes,
      schema: {
        tags: ['imports'],
        params: z.object({ kind: z.enum(importKinds) }),
        querystring: z.object({ file_name: z.string().min(1).max(255).optional() }),
        response: { 202: importQueuedSchema },
      },
    }, async (req, reply) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError('bad_request', 415, `Send the file as the body with the content type text/csv.`);
      const jobId = await imports.queue(actorOf(req), req.params.kind, req.body, req.query.file_name);
      return reply.status(202).send({ job_id: jobId });
    });
  });
};
