import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's recommended minimums.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The password hash of a user who has none yet (an invitation not accepted): no password verifies against it. */
export const noPasswordHash = '!';
export const hasPassword = (passwordHash: string): boolean => passwordHash !== noPasswordHash;

/** A hash to verify against when the user does not exist, so timing does not reveal which names exist. */
export const dummyPasswordHash = await hashPassword('not-a-real-password');

/**
 * Remembers which (hash, secret) pairs verified, so a machine that reconnects (a thousand agents after a restart)
 * costs a SHA-256 rather than an argon2 verification each time. Only for the server-generated, high-entropy
 * controller secrets: the key is the stored hash and the secret's SHA-256, so a changed secret (a new hash) misses, and
 * the memory holds no secret. Bounded: the oldest entries go first.
 */
export class VerifiedSecrets {
  private readonly known = new Map<string, true>();

  constructor(private readonly max = 100_000) {}

  /** True when this pair verified before (a hash, no argon2). */
  knows(passwordHash: string, secret: string): boolean {
    return this.known.has(this.keyOf(passwordHash, secret));
  }

  async verify(passwordHash: string, secret: string): Promise<boolean> {
    const key = this.keyOf(passwordHash, secret);
    if (this.known.has(key)) return true;
    const ok = await verifyPassword(passwordHash, secret);
    if (ok) {
      this.known.set(key, true);
      if (this.known.size > this.max) this.known.delete(this.known.keys().next().value as string);
    }
    return ok;
  }

  private keyOf(passwordHash: string, secret: string): string {
    return `${passwordHash}\0${createHash('sha256').update(secret).digest('base64')}`;
  }
}
