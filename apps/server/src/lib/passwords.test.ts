import { describe, expect, it } from 'vitest';
import { hashPassword, hashSecret, isSecretHash, verifySecret } from './passwords.ts';
import { newPassword } from './tokens.ts';

describe("controllers' secrets", () => {
  it('are stored as a SHA-256 that only the secret verifies against', async () => {
    const secret = newPassword();
    const stored = hashSecret(secret);
    expect(isSecretHash(stored)).toBe(true);
    expect(stored).not.toContain(secret);
    expect(await verifySecret(stored, secret)).toBe(true);
    expect(await verifySecret(stored, `${secret}x`)).toBe(false);
    expect(await verifySecret(stored, '')).toBe(false);
  });

  it('stored as argon2 before still verify', async () => {
    const secret = newPassword();
    const legacy = await hashPassword(secret);
    expect(isSecretHash(legacy)).toBe(false);
    expect(await verifySecret(legacy, secret)).toBe(true);
    expect(await verifySecret(legacy, 'not-the-secret')).toBe(false);
  });
});
