import type { Db } from '../../db/client.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import { contactsRoutes } from './contacts.routes.ts';
import { createContactsService } from './contacts.service.ts';

/** Contacts of groups: the people projects name (docs/projects.md, docs/permissions.md). */
export const contactsModule: Routes<GuardDeps & { db: Db; groups: GroupsService }> = (app, { db, groups, guards }) => {
  contactsRoutes(createContactsService(db, groups))(app, { guards });
};
