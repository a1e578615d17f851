import type { IssueKind } from '@syrx/contracts/issues';
import type { Permission } from '@syrx/contracts/permissions';
import type { IssueLogRoutes } from '@syrx/contracts/routes/issues';
import { serve } from '../../lib/serve-route.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { actorOf } from '../../plugins/session.ts';
import type { IssuesService } from './issues.service.ts';

/** One kind's log (issues or tasks) at its routes, each needing `permission` (docs/issues-log.md). */
export const issueLogRoutes = (routes: IssueLogRoutes, kind: IssueKind, permission: Permission, svc: IssuesService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requirePermission(permission) };

  serve(app, routes.list, pre, async (req) => svc.list(actorOf(req), kind, req.query));
  serve(app, routes.csv, pre, async (req, reply) => {
    const stream = await svc.csv(actorOf(req), kind, req.query);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${kind}s.csv"`).send(stream);
  });
  serve(app, routes.choices, pre, async () => svc.choices(kind));
  serve(app, routes.assignees, pre, async (req) => svc.assignees(actorOf(req)));
  serve(app, routes.create, pre, async (req) => svc.create(actorOf(req), kind, req.body));
  serve(app, routes.get, pre, async (req) => svc.get(actorOf(req), kind, req.params.id));
  serve(app, routes.update, pre, async (req) => svc.update(actorOf(req), kind, req.params.id, req.body));
  serve(app, routes.comments, pre, async (req) => svc.comments(actorOf(req), kind, req.params.id));
  serve(app, routes.addComment, pre, async (req) => svc.addComment(actorOf(req), kind, req.params.id, req.body.body));
  serve(app, routes.history, pre, async (req) => svc.history(actorOf(req), kind, req.params.id));
  serve(app, routes.links, pre, async (req) => svc.links(actorOf(req), kind, req.params.id));
  serve(app, routes.addLink, pre, async (req) => svc.addLink(actorOf(req), kind, req.params.id, req.body));
  serve(app, routes.removeLink, pre, async (req) => svc.removeLink(actorOf(req), kind, req.params.id, req.params.linkId));
};
