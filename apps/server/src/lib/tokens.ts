import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token with 256 bits of entropy. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a leaked table grants nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A readable generated password for the first administrator. */
export function newPassword(): string {
  return randomBytes(15).toString('base64url');
}
