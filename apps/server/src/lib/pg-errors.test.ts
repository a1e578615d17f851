import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isDataException } from './pg-errors.ts';

const pgError = (code: string, message = 'pg') => Object.assign(new Error(message), { code });
/** As Drizzle wraps a driver error: the statement's error with the driver's as its cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('PostgreSQL error classes', () => {
  it('treats data exceptions (class 22) as the client’s value, however deeply wrapped', () => {
    expect(isDataException(wrapped(pgError('22003')))).toBe(true);
    expect(isDataException(pgError('22P02'))).toBe(true);
    expect(isDataException(pgError('23505'))).toBe(false);
    expect(isDataException(new Error('no code'))).toBe(false);
  });

  it('treats a database going away as unavailable: shutdown, lost connections, a client left unusable', () => {
    expect(isDatabaseUnavailable(wrapped(pgError('57P01')))).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Client has encountered a connection error and is not queryable')))).toBe(true);
    expect(isDatabaseUnavailable(pgError('22003'))).toBe(false);
  });
});
