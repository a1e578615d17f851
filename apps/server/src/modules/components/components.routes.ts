import { componentsRoutes as routes } from '@syrx/contracts/routes/components';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import type { ComponentsService } from './components.service.ts';

/** The component type taxonomy (spec 02 section 7, newer base): for any signed-in user. */
export const componentsRoutes = (svc: ComponentsService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, routes.scheduleTree, pre, async () => svc.scheduleTree());
  serve(app, routes.descendants, pre, async (req) => svc.descendants(req.params.id));
  serve(app, routes.typeahead, pre, async (req) => svc.typeahead(req.params.text));
};
