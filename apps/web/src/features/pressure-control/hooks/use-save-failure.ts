import { useState } from 'react';
import type { FormInstance } from 'antd';
import type { FieldError } from '@syrx/contracts/errors';
import { pressureMessages } from '@syrx/contracts/pressure-control';
import { ApiError } from '../../../lib/api-client';

/** How a refused save shows: messages under the form's fields, and the rest in an alert above the form. */
export interface SaveFailure {
  fields: FieldError[];
  /** The server's message when no field of the form holds it; null when every message is under a field. */
  alert: string | null;
}

/**
 * A failed save on a form with `formFields`: a 400's field messages go under their fields; a 409 on a transmitter
 * is its number (spec: "That transmitter number is already used on this controller" under the field). Anything
 * else, and messages for fields the form does not show, go in the alert: an error is never swallowed.
 */
export function saveFailure(error: Error, formFields: readonly string[]): SaveFailure {
  if (!(error instanceof ApiError)) return { fields: [], alert: error.message };
  if (error.status === 409 && formFields.includes('num')) return { fields: [{ field: 'num', message: pressureMessages.numTaken }], alert: null };
  const sent = error.status === 400 ? (error.body.fields ?? []) : [];
  const fields = sent.filter((f) => formFields.includes(f.field));
  const unshown = sent.filter((f) => !formFields.includes(f.field)).map((f) => f.message);
  if (fields.length > 0 && unshown.length === 0) return { fields, alert: null };
  return { fields, alert: [error.message, ...unshown].join(' ') };
}

/**
 * What a refused save shows on a form: the server's messages under the fields named in `formFields` (HTTP 400,
 * and a transmitter's number on 409), and anything else as the alert above the form.
 */
export function useSaveFailure(form: FormInstance, formFields: readonly string[]) {
  const [alert, setAlert] = useState<string | null>(null);
  return {
    alert,
    clear: () => setAlert(null),
    show: (error: Error) => {
      const failure = saveFailure(error, formFields);
      form.setFields(failure.fields.map((f) => ({ name: f.field, errors: [f.message] })));
      setAlert(failure.alert);
    },
  };
}
