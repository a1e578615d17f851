import type { FormInstance } from 'antd';
import { ApiError } from '../../../lib/api-client';

/**
 * Puts a failed save's field messages (400 with fields, 409 on a name in use) under the form's fields; true when it
 * did, so the caller shows no second message.
 */
export function showFieldErrors<T>(form: FormInstance<T>, error: unknown, fields: readonly string[]): boolean {
  if (!(error instanceof ApiError) || !error.body.fields) return false;
  const ours = error.body.fields.filter((f) => fields.includes(f.field.split('.')[0] ?? ''));
  if (ours.length === 0) return false;
  form.setFields(ours.map((f) => ({ name: (f.field.split('.')[0] ?? f.field) as never, errors: [f.message] })));
  return true;
}
