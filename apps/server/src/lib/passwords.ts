import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { hashToken, safeEqual } from './tokens.ts';

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

const secretHashPrefix = 'sha256$';

/**
 * The stored form of a controller's secret. The server generates every one (lib/tokens.ts `newPassword`: 120 random
 * bits), so, as an API token is, it is stored as its SHA-256: no search finds a 120-bit secret from its hash, argon2
 * or not, and a check costs microseconds instead of an argon2 verification (13–24 ms of a core and 19 MB here), which
 * every agent's first handshake after a server restart paid: 25,000 agents, about five minutes of both cores
 * (docs/decisions.md, "Controller secrets stored as SHA-256"). People's passwords stay argon2 (`hashPassword`).
 */
export const hashSecret = (secret: string): string => `${secretHashPrefix}${hashToken(secret)}`;
/** Whether a stored controller secret is in the SHA-256 form (else an argon2 hash stored before that form). */
export const isSecretHash = (stored: string): boolean => stored.startsWith(secretHashPrefix);
/** Checks a controller's secret against its stored form: SHA-256, or argon2 for secrets stored before. */
export async function verifySecret(stored: string, secret: string): Promise<boolean> {
  return isSecretHash(stored) ? safeEqual(stored, hashSecret(secret)) : verifyPassword(stored, secret);
}
/** A stored secret to check against when the controller does not exist, so that the answer takes as long. */
export const dummySecretHash = hashSecret('not-a-real-secret');

/**
 * Remembers which (hash, secret) pairs verified, so that an address held back by the credential backoff still lets in
 * an agent that got in before (`knows`), and a secret still stored as argon2 is verified once per process. The key is
 * the stored hash and the secret's SHA-256, so a changed secret (a new hash) misses, and the memory holds no secret.
 * Bounded: the oldest entries go first.
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
    const ok = await verifySecret(passwordHash, secret);
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
