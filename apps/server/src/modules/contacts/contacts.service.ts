import { AppError } from '@syrx/contracts/errors';
import { type Contact, type contactCreateSchema, type contactUpdateSchema, contactMessages } from '@syrx/contracts/contacts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { groupScopedReads, groupScopeGuard } from '../../security/group-scope.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import type { Actor } from '../../security/actor.ts';
import { type ContactValues, contactsRepo as repo } from './contacts.repo.ts';

export type ContactCreateInput = z.output<typeof contactCreateSchema>;
export type ContactUpdateInput = z.output<typeof contactUpdateSchema>;

export const contactsManage = 'contacts_manage';
const needsManage = 'Changing contacts needs the permission contacts_manage.';

const valuesOf = (i: ContactUpdateInput): ContactValues => ({
  firstName: i.first_name, lastName: i.last_name, company: i.company, title: i.title, email: i.email, phone: i.phone, categoryId: i.category_id,
});

/**
 * Contacts of groups (docs/projects.md, docs/permissions.md): reading needs the group visible; changes need
 * contacts_manage as well. A contact of a group the user cannot see answers 404, as an unknown one.
 */
export function createContactsService(db: DbOrTx, groups: GroupsService) {
  const scope = groupScopeGuard(groups, {
    what: 'The contact',
    groupOf: (id) => repo.groupOf(db, id),
    mayChange: (actor) => actor.permissions.has(contactsManage),
    needsChange: needsManage,
  });
  const contacts = groupScopedReads(scope, 'The contact', { find: (id) => repo.find(db, id), listOfGroup: (g) => repo.listOfGroup(db, g), delete: (id) => repo.delete(db, id) });

  /** The stored values; a category that does not exist is a 400 naming category_id. */
  async function checked(input: ContactUpdateInput): Promise<ContactValues> {
    if (typeof input.category_id === 'number' && !(await repo.categoryExists(db, input.category_id))) {
      throw AppError.badRequest(contactMessages.categoryUnknown, [{ field: 'category_id', message: contactMessages.categoryUnknown }]);
    }
    return valuesOf(input);
  }

  return {
    listForGroup: contacts.listForGroup,
    get: contacts.get,

    async create(actor: Actor, input: ContactCreateInput): Promise<Contact> {
      await scope.changeInGroup(actor, input.group_id);
      return contacts.one(await repo.insert(db, input.group_id, { ...(await checked(input)), categoryId: input.category_id ?? null }));
    },

    async update(actor: Actor, id: number, input: ContactUpdateInput): Promise<Contact> {
      await scope.changeItem(actor, id);
      if (!(await repo.update(db, id, await checked(input)))) throw AppError.notFound('The contact');
      return contacts.one(id);
    },

    /** Projects that named the contact keep their other people; this one becomes null there. */
    remove: contacts.remove,

    /** Which of these ids are contacts of the group (a project's people must be). */
    idsInGroup: (tx: DbOrTx, groupId: number, ids: readonly number[]): Promise<Set<number>> => repo.idsInGroup(tx, groupId, ids),
  };
}
export type ContactsService = ReturnType<typeof createContactsService>;

/** Demo contacts (bootstrap with DEMO): adds these people to the group unless it has contacts. */
export async function seedDemoContacts(db: DbOrTx, groupId: number, people: readonly ContactValues[]): Promise<Contact[]> {
  const existing = await repo.listOfGroup(db, groupId);
  if (existing.length > 0) return existing;
  for (const p of people) await repo.insert(db, groupId, p);
  return repo.listOfGroup(db, groupId);
}
