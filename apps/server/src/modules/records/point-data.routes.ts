import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pointDataKinds } from '@syrx/contracts/point-data';
import { pointDataRoutes } from '@syrx/contracts/routes/point-data';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { PointDataService } from './point-data.service.ts';

/** A CSV download with its attachment name (the handler returns the reply it sent). */
const download = (reply: FastifyReply, stream: Readable, name: string) =>
  reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(stream);

/** The reads of every kind of point (controller, vendor, PCS, group): the same handlers, each kind's own routes and permission. */
export const pointDataRoutesOf: Routes<GuardDeps & { pointData: PointDataService }> = (app, { pointData, guards }) => {
  for (const kind of pointDataKinds) {
    // The kind's permission is checked before the query is validated, so a reader without it is told so (403).
    const pre = { preHandler: guards.requireActor, preValidation: async (req: FastifyRequest) => pointData.requireKind(actorOf(req), kind) };
    const routes = pointDataRoutes[kind];
    serve(app, routes.points, pre, async (req) => pointData.points(actorOf(req), kind, req.query.point_ids));
    serve(app, routes.series, pre, async (req) => pointData.series(actorOf(req), kind, req.query));
    serve(app, routes.page, pre, async (req) => pointData.page(actorOf(req), kind, req.query));
    serve(app, routes.count, pre, async (req) => ({ count: await pointData.count(actorOf(req), kind, req.query) }));
    serve(app, routes.csv, pre, async (req, reply) =>
      download(reply, await pointData.csv(actorOf(req), kind, req.query), `${kind}-point-records-${req.query.from.slice(0, 10)}-to-${req.query.to.slice(0, 10)}.csv`));
    serve(app, routes.availability, pre, async (req) => pointData.availability(actorOf(req), kind, req.query));
    serve(app, routes.availabilityCsv, pre, async (req, reply) =>
      download(reply, await pointData.availabilityCsv(actorOf(req), kind, req.query), `${kind}-point-availability-${req.query.from}-to-${req.query.to}.csv`));
  }
};
