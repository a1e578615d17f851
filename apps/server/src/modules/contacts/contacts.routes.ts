import { contactsRoutes as routes } from '@syrx/contracts/routes/contacts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import { actorOf } from '../../plugins/session.ts';
import type { ContactsService } from './contacts.service.ts';

/** Contacts of a group (spec 02 section 7, newer base) and the contacts screen's changes. */
export const contactsRoutes = (svc: ContactsService): Routes<GuardDeps> => (app, { guards }) => {
  const pre = { preHandler: guards.requireActor };

  serve(app, routes.forGroup, pre, async (req) => svc.listForGroup(actorOf(req), req.params.groupId));
  serve(app, routes.create, pre, async (req) => svc.create(actorOf(req), req.body));
  serve(app, routes.get, pre, async (req) => svc.get(actorOf(req), req.params.id));
  serve(app, routes.update, pre, async (req) => svc.update(actorOf(req), req.params.id, req.body));
  serve(app, routes.remove, pre, async (req) => svc.remove(actorOf(req), req.params.id));
};
