import { describe, expect, it } from 'vitest';
import { isTotpCode, newRecoveryCode, newTotpSecret, normalizedRecoveryCode, otpauthUrl, stepOfCode } from './totp.ts';

// RFC 6238, appendix B: the SHA-1 seed "12345678901234567890" (base32 below); the 8-digit values' last six digits.
const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it("matches RFC 6238's test values, for their step and the one either side, not further", () => {
    expect(stepOfCode(rfcSecret, '287082', 59_000)).toBe(1);
    expect(stepOfCode(rfcSecret, '081804', 1_111_111_109_000)).toBe(37_037_036);
    expect(stepOfCode(rfcSecret, '005924', 1_234_567_890_000)).toBe(41_152_263);
    // Code of step 1 at steps 0 and 2 (a clock off by up to a step), not at step 3.
    expect(stepOfCode(rfcSecret, '287082', 29_000)).toBe(1);
    expect(stepOfCode(rfcSecret, '287 082', 89_000)).toBe(1);
    expect(stepOfCode(rfcSecret, '287082', 95_000)).toBeNull();
  });

  it('makes 160-bit base32 secrets and the otpauth:// URL apps scan', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const [label = '', query = ''] = otpauthUrl(secret, 'ada@example.com').split('?');
    expect(decodeURIComponent(label)).toBe('otpauth://totp/Syrx Console:ada@example.com');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({ issuer: 'Syrx Console', secret, algorithm: 'SHA1', digits: '6', period: '30' });
  });

  it('tells authenticator codes from recovery codes, which read the same in any case and with or without the dash', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/);
    expect(isTotpCode('123456')).toBe(true);
    expect(isTotpCode(' 123 456 ')).toBe(true);
    expect(isTotpCode(code)).toBe(false);
    expect(normalizedRecoveryCode(` ${code.toUpperCase().replace('-', '')} `)).toBe(normalizedRecoveryCode(code));
  });
});
