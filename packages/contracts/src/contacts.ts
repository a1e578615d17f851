import { z } from 'zod';
import { lengthMessage, newRowGroupIdSchema, optionalText } from './fields.ts';
import { dbIdParamSchema, maxDbId } from './ids.ts';

/**
 * Contacts of a group (spec 02 sections 2, 3 and 7): the people a project names as owner, commissioning authority and
 * engineer. GET /api/v2/groups/{id}/contacts lists them; the contacts screen under Commissioning adds and edits them.
 */

export const contactMessages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  email: 'Enter a valid e-mail address',
  length: lengthMessage,
  deleteFailed: 'Delete Failed. Please try again later.',
  saveFailed: 'The contact could not be saved. Please try again later.',
  category: 'Choose a contact category',
  categoryUnknown: 'This contact category does not exist',
} as const;

/** A database id (PostgreSQL integer), in a path or a body. */
export const contactIdSchema = dbIdParamSchema;

/** A contact as the API sends it; full_name is what selects show ("First Last"). */
export const contactSchema = z.object({
  id: z.number().int(),
  group_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  company: z.string().nullable(),
  title: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The contact's category (Admin › Contact categories), or none. */
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;
export const contactListSchema = z.array(contactSchema);

/** The name a contact is shown by. */
export const fullNameOf = (c: { first_name: string; last_name: string }): string => `${c.first_name} ${c.last_name}`.trim();

const contactFields = {
  first_name: z.string({ error: contactMessages.firstName }).trim().min(1, contactMessages.firstName).max(100, contactMessages.length('a first name', 100)),
  last_name: z.string({ error: contactMessages.lastName }).trim().min(1, contactMessages.lastName).max(100, contactMessages.length('a last name', 100)),
  company: optionalText('a company', 200),
  title: optionalText('a title', 200),
  email: optionalText('an e-mail address', 254).refine((v) => v === null || z.email().safeParse(v).success, contactMessages.email),
  phone: optionalText('a phone number', 50),
  /** A contact category's id, null for none; left out, a PUT keeps the contact's category. */
  category_id: z.number({ error: contactMessages.category }).int().positive().max(maxDbId).nullish(),
};

/** PUT /api/v2/contacts/{id}: the contact's own fields (it stays in its group). */
export const contactUpdateSchema = z.object(contactFields);
export type ContactUpdate = z.input<typeof contactUpdateSchema>;

/** POST /api/v2/contacts: a new contact of a group. */
export const contactCreateSchema = z.object({ ...contactFields, group_id: newRowGroupIdSchema });
export type ContactCreate = z.input<typeof contactCreateSchema>;
