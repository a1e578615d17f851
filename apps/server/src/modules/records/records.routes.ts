import { recordsRoutes as contract } from '@syrx/contracts/routes/records';
import { type GuardDeps, type Routes } from '../../plugins/routes.ts';
import type { RecordBackfillService } from './record-backfill.service.ts';
import type { RecordsService } from './records.service.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';

/** Point records of BACnet points (newer base): chart series, raw pages and their count, CSV, latest values. */
export const recordsRoutes: Routes<GuardDeps & { records: RecordsService; backfill: RecordBackfillService }> = (app, { records, backfill, guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, contract.series, pre, async (req) => records.series(actorOf(req), req.query));
  serve(app, contract.page, pre, async (req) => records.page(actorOf(req), req.query));
  serve(app, contract.count, pre, async (req) => ({ count: await records.count(actorOf(req), req.query) }));
  serve(app, contract.latest, pre, async (req) => records.latest(actorOf(req), req.query.bacnet_point_ids));
  serve(app, contract.backfill, pre, async (req) => backfill.request(actorOf(req), req.body));
  // A download: the stream is sent here with its attachment name (the handler returns the reply it sent).
  serve(app, contract.csv, pre, async (req, reply) => {
    const stream = await records.csv(actorOf(req), req.query);
    const name = `point-records-${req.query.from.slice(0, 10)}-to-${req.query.to.slice(0, 10)}.csv`;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(stream);
  });
};
