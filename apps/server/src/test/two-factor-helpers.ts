import { Secret, TOTP } from 'otpauth';
import { vi } from 'vitest';
import { signedInAdmin } from './admin-helpers.ts';
import { expectStatus } from './bacnet-helpers.ts';
import type { TestApp, TestClient } from './test-app.ts';

export const stepMs = 30_000;

/**
 * Holds Date (only Date: timers and the database run on) in the middle of the current 30-second step, so codes for
 * that step and the steps either side stay what the server takes through the whole test. Undo with vi.useRealTimers().
 */
export function holdClockMidStep(): number {
  const now = Date.now();
  const at = now - (now % stepMs) + stepMs / 2;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  return at;
}

/** Holds the clock mid-step (holdClockMidStep), then signs the administrator in; `at` is the moment held. */
export async function adminAtMidStep(t: TestApp): Promise<{ admin: TestClient; at: number }> {
  const at = holdClockMidStep();
  return { admin: await signedInAdmin(t), at };
}

/** The authenticator app's code for a base32 secret at a moment (SHA-1, 6 digits, 30 s), as a phone computes it. */
export const codeAt = (secret: string, at: number): string =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: at });

/** Sets up and turns on two-factor sign-in for the client's user with a code of the step before `at`. */
export async function enableTwoFactor(c: TestClient, at: number): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = expectStatus(await c.post('/api/v2/auth/totp/setup'), 200).json<{ secret: string }>();
  const enabled = expectStatus(await c.post('/api/v2/auth/totp/enable', { code: codeAt(secret, at - stepMs) }), 200);
  return { secret, recoveryCodes: enabled.json<{ recovery_codes: string[] }>().recovery_codes };
}

/** The names of the cookies an answer sets (cleared ones included). */
export const cookiesSet = (res: { cookies: unknown[] }): string[] =>
  (res.cookies as { name: string; value: string }[]).filter((c) => c.value !== '').map((c) => c.name);
