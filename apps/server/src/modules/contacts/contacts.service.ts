import { AppError } from '@syrx/contracts/errors';
import type { Contact, contactCreateSchema, contactUpdateSchema } from '@syrx/contracts/contacts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import type { Actor } from '../users/users.service.ts';
import { type ContactValues, contactsRepo as repo } from './contacts.repo.ts';

export type ContactCreateInput = z.output<typeof contactCreateSchema>;
export type ContactUpdateInput = z.output<typeof contactUpdateSchema>;

export const contactsManage = 'contacts_manage';
const needsManage = 'Changing contacts needs the permission contacts_manage.';

const valuesOf = (i: ContactUpdateInput): ContactValues => ({
  firstName: i.first_name, lastName: i.last_name, company: i.company, title: i.title, email: i.email, phone: i.phone,
});

/**
 * Contacts of groups (docs/projects.md, docs/permissions.md): reading needs the group visible; changes need
 * contacts_manage as well. A contact of a group the user cannot see answers 404, as an unknown one.
 */
export function createContactsService(db: DbOrTx, groups: GroupsService) {
  function requireManage(actor: Actor): void {
    if (!actor.permissions.has(contactsManage)) throw AppError.forbidden(needsManage);
  }

  async function requireGroup(actor: Actor, groupId: number): Promise<void> {
    if (!(await groups.canSee(actor, groupId))) throw AppError.notFound('The group');
  }

  async function requireContact(actor: Actor, id: number): Promise<void> {
    const groupId = await repo.groupOf(db, id);
    if (groupId === null || !(await groups.canSee(actor, groupId))) throw AppError.notFound('The contact');
  }

  async function contactOf(id: number): Promise<Contact> {
    const found = await repo.find(db, id);
    if (!found) throw AppError.notFound('The contact');
    return found;
  }

  return {
    async listForGroup(actor: Actor, groupId: number): Promise<Contact[]> {
      await requireGroup(actor, groupId);
      return repo.listOfGroup(db, groupId);
    },

    async get(actor: Actor, id: number): Promise<Contact> {
      await requireContact(actor, id);
      return contactOf(id);
    },

    async create(actor: Actor, input: ContactCreateInput): Promise<Contact> {
      await requireGroup(actor, input.group_id);
      requireManage(actor);
      return contactOf(await repo.insert(db, input.group_id, valuesOf(input)));
    },

    async update(actor: Actor, id: number, input: ContactUpdateInput): Promise<Contact> {
      await requireContact(actor, id);
      requireManage(actor);
      if (!(await repo.update(db, id, valuesOf(input)))) throw AppError.notFound('The contact');
      return contactOf(id);
    },

    /** Projects that named the contact keep their other people; this one becomes null there. */
    async remove(actor: Actor, id: number): Promise<void> {
      await requireContact(actor, id);
      requireManage(actor);
      if (!(await repo.delete(db, id))) throw AppError.notFound('The contact');
    },

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
