import type { FieldError } from '@syrx/contracts/errors';
import { ApiError } from '../../../lib/api-client';

/** How a refused save shows: the server's messages under the form's fields, and the rest in an alert above the form. */
export interface SaveFailure {
  fields: FieldError[];
  /** The server's message when no field of the form holds it; null when every message is under a field. */
  alert: string | null;
}

/**
 * A failed save on a form with `formFields`. The specification keeps account save errors in state without showing
 * them; our forms show every refusal (docs/decisions.md): a 400's field messages under their fields, anything else
 * (403, 404, an unreachable server, a field the form does not show) in the alert.
 */
export function saveFailure(error: Error, formFields: readonly string[]): SaveFailure {
  if (!(error instanceof ApiError)) return { fields: [], alert: error.message };
  const sent = error.status === 400 ? (error.body.fields ?? []) : [];
  const fields = sent.filter((f) => formFields.includes(f.field));
  const unshown = sent.filter((f) => !formFields.includes(f.field)).map((f) => `${f.field}: ${f.message}`);
  if (fields.length > 0 && unshown.length === 0) return { fields, alert: null };
  return { fields, alert: [error.message, ...unshown].join(' ') };
}
