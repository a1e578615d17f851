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

/**
 * True when the database cannot be reached or is going away (a restart, a failover, a network cut): a connection
 * error (class 08), an operator intervention such as a shutdown (57P01–57P03), or a socket-level failure. The
 * client's request was fine; it may try again (503).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('08') || ['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error/.test(message)) return true;
  }
  return false;
}

/**
 * True for PostgreSQL's data exceptions (class 22: a number out of range, text too long, a bad date): a value the
 * client sent that validation let through and the database cannot hold. A 400, never a 500.
 */
export function isDataException(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}
