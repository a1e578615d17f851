import { AppError } from '@syrx/contracts/errors';
import { type TotpEnableResponse, type TotpSetupResponse, recoveryCodeCount, twoFactorMessages as m } from '@syrx/contracts/two-factor';
import type { Db } from '../../db/client.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { hashToken } from '../../lib/tokens.ts';
import { isTotpCode, newRecoveryCode, newTotpSecret, normalizedRecoveryCode, otpauthUrl, stepOfCode } from '../../lib/totp.ts';
import type { Actor, RequestOrigin } from '../../security/actor.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import { twoFactorRepo as repo } from './two-factor.repo.ts';

const invalidCode = () => AppError.badRequest(m.invalid, [{ field: 'code', message: m.invalid }]);

/**
 * Two-factor sign-in (TOTP): a pending secret from setup, turned on by its first code with ten single-use recovery
 * codes (stored hashed), checked at sign-in, turned off with the password and a code. A time step is accepted once.
 */
export function createTwoFactorService(db: Db, audit: AuditRecorder) {
  const recoveryHash = (userId: number, code: string) => hashToken(`${userId}:${normalizedRecoveryCode(code)}`);

  async function stateOf(userId: number) {
    const state = await repo.state(db, userId);
    if (!state) throw AppError.unauthenticated();
    return state;
  }

  /** Takes an authenticator code (its step not used before) or an unused recovery code; false when neither. */
  async function useCode(who: Pick<Actor, 'userId' | 'origin' | 'credential'>, secret: string, code: string): Promise<boolean> {
    if (isTotpCode(code)) {
      const step = stepOfCode(secret, code);
      return step !== null && (await repo.acceptStep(db, who.userId, step));
    }
    if (!(await repo.useRecoveryCode(db, who.userId, recoveryHash(who.userId, code)))) return false;
    const remaining = await repo.unusedRecoveryCodes(db, who.userId);
    await audit.record({ action: 'auth.totp.recovery_code_used', actor: who, details: { remaining } });
    return true;
  }

  return {
    /** Sign-in's second step for a user whose password was right: nothing to do unless two-factor sign-in is on. */
    async checkSignIn(userId: number, code: string | null | undefined, origin: RequestOrigin): Promise<void> {
      const state = await stateOf(userId);
      if (!state.enabledAt || !state.secret) return;
      if (!code) throw new AppError('totp_required', 401, m.required);
      if (!(await useCode({ userId, origin }, state.secret, code))) throw new AppError('totp_invalid', 401, m.invalid);
    },

    async setup(actor: Actor): Promise<TotpSetupResponse> {
      const state = await stateOf(actor.userId);
      const secret = newTotpSecret();
      if (state.enabledAt || !(await repo.setPendingSecret(db, actor.userId, secret))) throw AppError.conflict(m.alreadyOn);
      return { secret, otpauth_url: otpauthUrl(secret, state.username) };
    },

    async enable(actor: Actor, code: string): Promise<TotpEnableResponse> {
      const { enabledAt, secret } = await stateOf(actor.userId);
      if (enabledAt) throw AppError.conflict(m.alreadyOn);
      if (!secret) throw AppError.badRequest(m.notPending, [{ field: 'code', message: m.notPending }]);
      const step = stepOfCode(secret, code);
      if (step === null) throw invalidCode();
      const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
      const enabled = await db.transaction(async (tx) => {
        // Another setup may have replaced the secret meanwhile: then this code was for the old one.
        if (!(await repo.enable(tx, actor.userId, secret, step))) return false;
        await repo.replaceRecoveryCodes(tx, actor.userId, codes.map((c) => recoveryHash(actor.userId, c)));
        await audit.record({ action: 'auth.totp.enable', actor, details: { recovery_codes: codes.length } }, tx);
        return true;
      });
      if (!enabled) throw AppError.badRequest(m.notPending, [{ field: 'code', message: m.notPending }]);
      return { recovery_codes: codes };
    },

    async disable(actor: Actor, password: string, code: string): Promise<void> {
      const state = await stateOf(actor.userId);
      if (!state.enabledAt || !state.secret) throw AppError.conflict(m.notOn);
      if (!(await verifyPassword(state.passwordHash, password))) {
        throw AppError.badRequest(m.wrongPassword, [{ field: 'password', message: m.wrongPassword }]);
      }
      if (!(await useCode(actor, state.secret, code))) throw invalidCode();
      await db.transaction(async (tx) => {
        await repo.disable(tx, actor.userId);
        await audit.record({ action: 'auth.totp.disable', actor }, tx);
      });
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
