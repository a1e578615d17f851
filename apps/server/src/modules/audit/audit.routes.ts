import { auditRoutes as contract } from '@syrx/contracts/routes/audit';
import type { Routes } from '../../app-context.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';

/** The audit log (newer base): a page of entries and their count, for the Admin screen (audit_log_view). */
export const auditRoutes: Routes = (app, { services, guards }) => {
  const { audit } = services;
  const pre = { preHandler: guards.requireActor };

  serve(app, contract.list, pre, async (req) => audit.list(actorOf(req), req.query));
  serve(app, contract.count, pre, async (req) => ({ count: await audit.count(actorOf(req), req.query) }));
};
