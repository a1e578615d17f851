import type { z } from 'zod';
import type { Permission } from '@syrx/contracts/permissions';
import type { AnyRoute } from '@syrx/contracts/route';
import type { CatalogueRoutes } from '@syrx/contracts/routes/catalogues';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { type RouteAnswer, serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { CatalogueService } from './catalogue.service.ts';

/** A row (or page) as the route answers it: the response schema checks what the table's columns hold. */
const answer = <R extends AnyRoute>(row: unknown) => row as RouteAnswer<R>;

/** The grid, create, read, update and delete of one Admin catalogue, each needing `permission`. */
export const catalogueRoutes = <I extends z.ZodType, B extends z.ZodType>(routes: CatalogueRoutes<I, B>, permission: Permission, svc: CatalogueService): Routes<GuardDeps> =>
  (app, { guards }) => {
    const pre = { preHandler: guards.requirePermission(permission) };
    const input = (body: unknown) => body as Record<string, unknown>;

    serve(app, routes.list, pre, async (req) => answer<typeof routes.list>(await svc.list(req.query)));
    serve(app, routes.create, pre, async (req) => answer<typeof routes.create>(await svc.create(actorOf(req), input(req.body))));
    serve(app, routes.get, pre, async (req) => answer<typeof routes.get>(await svc.get(req.params.id)));
    serve(app, routes.update, pre, async (req) => answer<typeof routes.update>(await svc.update(actorOf(req), req.params.id, input(req.body))));
    serve(app, routes.remove, pre, async (req) => svc.remove(actorOf(req), req.params.id));
  };
