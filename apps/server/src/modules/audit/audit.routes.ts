import { z } from 'zod';
import { auditEntrySchema, auditQuerySchema } from '@syrx/contracts/audit';
import { countSchema } from '@syrx/contracts/controllers';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';

const base = '/api/v2/audit-log';

/** The audit log (newer base): a page of entries and their count, for the Admin screen (audit_log_view). */
export const auditRoutes: Routes = (app, { services, guards }) => {
  const r = typed(app);
  const { audit } = services;
  const pre = { preHandler: guards.requireActor };
  const tags = ['audit log'];

  r.get(base, { ...pre, schema: { tags, querystring: auditQuerySchema, response: { 200: z.array(auditEntrySchema) } } },
    async (req) => audit.list(actorOf(req), req.query));
  r.get(`${base}/count`, { ...pre, schema: { tags, querystring: auditQuerySchema, response: { 200: countSchema } } },
    async (req) => ({ count: await audit.count(actorOf(req), req.query) }));
};
