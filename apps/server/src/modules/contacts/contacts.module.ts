import type { Routes } from '../../app-context.ts';
import { contactsRoutes } from './contacts.routes.ts';
import { createContactsService } from './contacts.service.ts';

/** Contacts of groups: the people projects name (docs/projects.md, docs/permissions.md). */
export const contactsModule: Routes = (app, ctx) => {
  contactsRoutes(createContactsService(ctx.db, ctx.services.groups))(app, ctx);
};
