import { auditRoutes as contract } from '@syrx/contracts/routes/audit';
import { type GuardDeps, type Routes } from '../../plugins/routes.ts';
import type { AuditService } from './audit.service.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';

/** The audit log (newer base): a page of entries and their count, for the Admin screen (audit_log_view). */
export const auditRoutes: Routes<GuardDeps & { audit: AuditService }> = (app, { audit, guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, contract.list, pre, async (req) => audit.list(actorOf(req), req.query));
  serve(app, contract.count, pre, async (req) => ({ count: await audit.count(actorOf(req), req.query) }));
};
