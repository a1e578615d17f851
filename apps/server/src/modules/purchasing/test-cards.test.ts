import { describe, expect, it } from 'vitest';
import { luhnValid, testCardOutcome } from './test-cards.ts';

const now = new Date('2026-05-15T12:00:00Z');
const card = (number: string, over: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {}) =>
  ({ number, exp_month: 12, exp_year: 2030, cvc: '123', ...over });

describe('test mode cards', () => {
  it('checks the Luhn checksum', () => {
    for (const ok of ['4242424242424242', '4000000000000002', '378282246310005', '79927398713']) expect(luhnValid(ok), ok).toBe(true);
    for (const bad of ['4242424242424241', '79927398710', '1234567812345678', '42424242a4242424', '']) expect(luhnValid(bad), bad).toBe(false);
  });

  it("answers Stripe's test numbers as Stripe does", () => {
    expect(testCardOutcome(card('4242 4242 4242 4242'), now)).toEqual({ kind: 'succeeded' });
    expect(testCardOutcome(card('3782-822463-10005', { cvc: '1234' }), now)).toEqual({ kind: 'succeeded' });
    expect(testCardOutcome(card('4000 0000 0000 0002'), now)).toEqual({
      kind: 'card_error', error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
    });
    expect(testCardOutcome(card('4000000000009995'), now)).toEqual({
      kind: 'card_error', error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    expect(testCardOutcome(card('4000000000000069'), now)).toMatchObject({ error: { code: 'expired_card', message: 'Your card has expired.' } });
  });

  it('declines any other well-formed number as a live card', () => {
    // A Luhn-valid number that is no test card.
    expect(testCardOutcome(card('4111 1111 1111 1111'), now)).toMatchObject({ kind: 'card_error', error: { code: 'card_declined', decline_code: 'test_mode_live_card' } });
  });

  it('refuses malformed cards before any payment is tried', () => {
    const message = (c: ReturnType<typeof card>) => {
      const r = testCardOutcome(c, now);
      return r.kind === 'validation_error' ? `${r.error.code}: ${r.error.message}` : r.kind;
    };
    expect(message(card('4242 4242 4242 4241'))).toBe('invalid_number: Your card number is invalid.');
    expect(message(card('4242 4242 4242 424x'))).toBe('invalid_number: Your card number is invalid.');
    expect(message(card(''))).toBe('incomplete_number: Your card number is incomplete.');
    expect(message(card('4242 4242'))).toBe('incomplete_number: Your card number is incomplete.');
    expect(message(card('4242424242424242', { exp_month: 13 }))).toBe("invalid_expiry_month: Your card's expiration month is invalid.");
    expect(message(card('4242424242424242', { exp_year: 25 }))).toBe("invalid_expiry_year_past: Your card's expiration year is in the past.");
    expect(message(card('4242424242424242', { exp_year: 26, exp_month: 4 }))).toBe("invalid_expiry_month_past: Your card's expiration date is in the past.");
    expect(message(card('4242424242424242', { exp_year: 26, exp_month: 5 }))).toBe('succeeded');
    expect(message(card('4242424242424242', { cvc: '' }))).toBe("incomplete_cvc: Your card's security code is incomplete.");
    expect(message(card('4242424242424242', { cvc: '12' }))).toBe("invalid_cvc: Your card's security code is invalid.");
  });
});
