import type { FieldError } from '@syrx/contracts/errors';
import { ApiError } from './api-client';

/**
 * The server's messages of a refused save (a 400) for the fields a form shows, as antd's form.setFields takes them.
 * `prefix` strips a body path's start (e.g. "equipment." for POST /equipments), so "equipment.name" lands on "name".
 */
export function serverFieldErrors<F extends string>(error: unknown, formFields: readonly F[], prefix = ''): { name: F; errors: string[] }[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const known = (name: string): name is F => (formFields as readonly string[]).includes(name);
  return (error.body.fields ?? []).flatMap((f: FieldError) => {
    const name = f.field.startsWith(prefix) ? f.field.slice(prefix.length) : f.field;
    return known(name) ? [{ name, errors: [f.message] }] : [];
  });
}
