import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time passwords (RFC 6238) as every authenticator app reads them: SHA-1, 6 digits, 30-second steps.
 * A code is accepted for its own step or the one either side (clock drift), and the caller refuses a step it has
 * already accepted (replay).
 */
const issuer = 'Syrx Console';
const totpOf = (secret: string, label = '') => new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/** A new random secret (160 bits), base32 as the apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an authenticator app scans from a QR code. */
export function otpauthUrl(secret: string, account: string): string {
  return totpOf(secret, account).toString();
}

/** True for something shaped like an authenticator code (six digits, spaces allowed), not a recovery code. */
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code.replace(/\s/g, ''));

/** The time step a code belongs to (the current one or one either side), or null when it matches none. */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code.replace(/\s/g, ''), timestamp: now, window: 1 });
  return delta === null ? null : TOTP.counter({ period: 30, timestamp: now }) + delta;
}

// No 0/o, 1/l/i: read off paper without doubt. Ten characters: never mistaken for a six-digit code.
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A single-use recovery code such as `k7rmq-2xd9a` (about 50 bits). */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)] ?? '');
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A recovery code as typed (any case, with or without the dash or spaces) in the form that is hashed. */
export const normalizedRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');
