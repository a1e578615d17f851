/** True for PostgreSQL's unique_violation (23505), possibly wrapped by Drizzle as the error's cause. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** True for PostgreSQL's foreign_key_violation (23503), possibly wrapped by Drizzle as the error's cause. */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * True when a row could not be deleted or changed because others refer to it: foreign_key_violation (23503) or, for
 * an ON DELETE RESTRICT reference on PostgreSQL 17 and later, restrict_violation (23001).
 */
export function isReferenceViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '23503' || code === '23001') return true;
  }
  return false;
}
