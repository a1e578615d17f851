import { moveItemsSchema, moveJobRowSchema, moveJobsCreatedSchema, treePageQuerySchema } from '@syrx/contracts/data-moves';
import { pageSchema } from '@syrx/contracts/jobs';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';
import type { MovesService } from './moves.service.ts';

/** Queueing moves of vendor point records and the move-job list (newer base). */
export const movesRoutes = (moves: MovesService): Routes => (app, { guards }) => {
  const r = typed(app);
  const pre = { preHandler: guards.requireActor };
  const tags = ['moving records'];

  r.post('/api/v2/vendor_point_record_move_jobs', { ...pre, schema: { tags, body: moveItemsSchema, response: { 201: moveJobsCreatedSchema } } },
    async (req, reply) => reply.status(201).send({ job_ids: await moves.queue(actorOf(req), req.body) }));
  r.get('/api/v2/jobs/statuses', { ...pre, schema: { tags, querystring: treePageQuerySchema, response: { 200: pageSchema(moveJobRowSchema) } } },
    async (req) => moves.statuses(actorOf(req), req.query));
};
