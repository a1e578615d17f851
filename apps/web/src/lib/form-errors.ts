import { useState } from 'react';
import type { FormInstance } from 'antd';
import { ApiError } from './api-client';

/** A server message under a form field, as antd's form.setFields takes it. */
export interface FormFieldError<F extends string = string> {
  name: F;
  errors: string[];
}

/** How a refused save shows on a form: messages under the form's fields, and the rest for the alert or toast. */
export interface FormFailure<F extends string = string> {
  fields: FormFieldError<F>[];
  /** The server's message (with those of fields the form does not show); null when every message is under a field. */
  alert: string | null;
}

/** What a form's specification adds to the general rule. */
export interface FormErrorRules {
  /** Strips a body path's start ("equipment." for POST /equipments), so "equipment.name" lands on "name". */
  prefix?: string;
  /** A status whose answer the specification puts under one field with its own message (409: a transmitter's number in use). */
  statusField?: { status: number; field: string; message: string };
  /** In the alert, a message of a field the form does not show starts with the field's path ("timezone: …"). */
  nameUnshown?: boolean;
}

/**
 * A failed save on a form with `formFields`. Every field message of the server's answer (the AppError's `fields`; a
 * path below a field, such as "group_permissions.0", is that field's) goes under its field. Anything else (403, 404,
 * an unreachable server, a field the form does not show) is the alert: a refusal is never swallowed.
 */
export function formFailure<F extends string>(error: unknown, formFields: readonly F[], rules: FormErrorRules = {}): FormFailure<F> {
  if (!(error instanceof ApiError)) return { fields: [], alert: error instanceof Error ? error.message : String(error) };
  const known = (name: string): name is F => (formFields as readonly string[]).includes(name);
  const special = rules.statusField;
  if (special && error.status === special.status && known(special.field)) return { fields: [{ name: special.field, errors: [special.message] }], alert: null };
  const prefix = rules.prefix ?? '';
  const fields: FormFieldError<F>[] = [];
  const unshown: string[] = [];
  for (const f of error.body.fields ?? []) {
    const name = (f.field.startsWith(prefix) ? f.field.slice(prefix.length) : f.field).split('.')[0] ?? '';
    if (known(name)) fields.push({ name, errors: [f.message] });
    else unshown.push(rules.nameUnshown ? `${f.field}: ${f.message}` : f.message);
  }
  if (fields.length > 0 && unshown.length === 0) return { fields, alert: null };
  return { fields, alert: [error.message, ...unshown].join(' ') };
}

/** Puts a failed save's field messages under the form's fields; returns what is left for the alert or toast. */
export function showFormFailure<F extends string>(form: FormInstance, error: unknown, formFields: readonly F[], rules?: FormErrorRules): string | null {
  const failure = formFailure(error, formFields, rules);
  form.setFields(failure.fields);
  return failure.alert;
}

/** A form's refused saves: the messages under `formFields`, and the alert to show above the form (null: none). */
export function useFormFailure<F extends string>(form: FormInstance, formFields: readonly F[], rules?: FormErrorRules) {
  const [alert, setAlert] = useState<string | null>(null);
  return {
    alert,
    clear: () => setAlert(null),
    show: (error: unknown) => setAlert(showFormFailure(form, error, formFields, rules)),
  };
}

/**
 * A form's saves: `submit` runs one with the form busy (`saving`) meanwhile; a refusal shows as `failure` shows it
 * (useFormFailure), and the next save clears it.
 */
export function useFormSave<F extends string>(form: FormInstance, formFields: readonly F[], rules?: FormErrorRules) {
  const failure = useFormFailure(form, formFields, rules);
  const [saving, setSaving] = useState(false);
  const submit = async (save: () => Promise<unknown>) => {
    setSaving(true);
    failure.clear();
    try {
      await save();
    } catch (error) {
      failure.show(error);
    } finally {
      setSaving(false);
    }
  };
  return { failure, saving, submit };
}
