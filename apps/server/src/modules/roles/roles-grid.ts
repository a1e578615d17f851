import { AppError } from '@syrx/contracts/errors';
import type { RolesQuery } from '@syrx/contracts/roles';

/** The rows a grid query asks for; a page beyond any integer is a 400. */
export function pageOfQuery(q: RolesQuery): { offset: number; limit: number } {
  const offset = (q.pageNum - 1) * q.pageSize;
  if (!Number.isSafeInteger(offset)) throw AppError.badRequest('pageNum is too large.', [{ field: 'pageNum', message: 'Too large' }]);
  return { offset, limit: q.pageSize };
}

/** Grid errors name the query's `filter` parameter (the shared helper says `filters`). */
export async function namingFilterParameter<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError && err.fields) {
      throw new AppError(err.code, err.status, err.message, err.fields.map((f) => ({ ...f, field: f.field.replace(/^filters\./, 'filter.') })));
    }
    throw err;
  }
}
