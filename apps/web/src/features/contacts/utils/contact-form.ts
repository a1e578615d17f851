import type { FormRule } from 'antd';
import { type Contact, type ContactUpdate, contactMessages } from '@syrx/contracts/contacts';

/** The contact form's values (empty text for what is not known). */
export interface ContactFormValues {
  first_name: string;
  last_name: string;
  company: string;
  title: string;
  email: string;
  phone: string;
  /** A contact category's id; undefined for none. */
  category_id: number | undefined;
}

export const contactFormFields: readonly (keyof ContactFormValues)[] = ['first_name', 'last_name', 'company', 'title', 'email', 'phone', 'category_id'];
export const emptyContact: ContactFormValues = { first_name: '', last_name: '', company: '', title: '', email: '', phone: '', category_id: undefined };

export const toContactFormValues = (c: Contact): ContactFormValues => ({
  first_name: c.first_name, last_name: c.last_name, company: c.company ?? '', title: c.title ?? '', email: c.email ?? '', phone: c.phone ?? '',
  category_id: c.category_id ?? undefined,
});

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
/** The contact's fields as the API takes them: trimmed, empty text as null. */
export const toContactUpdate = (v: ContactFormValues): ContactUpdate => ({
  first_name: v.first_name.trim(), last_name: v.last_name.trim(), company: orNull(v.company), title: orNull(v.title), email: orNull(v.email), phone: orNull(v.phone),
  category_id: v.category_id ?? null,
});

export const contactRules = {
  first_name: [{ required: true, whitespace: true, message: contactMessages.firstName }, { max: 100, message: contactMessages.length('a first name', 100) }],
  last_name: [{ required: true, whitespace: true, message: contactMessages.lastName }, { max: 100, message: contactMessages.length('a last name', 100) }],
  company: [{ max: 200, message: contactMessages.length('a company', 200) }],
  title: [{ max: 200, message: contactMessages.length('a title', 200) }],
  email: [{ type: 'email', message: contactMessages.email }],
  phone: [{ max: 50, message: contactMessages.length('a phone number', 50) }],
  category_id: [],
} satisfies Record<keyof ContactFormValues, FormRule[]>;
