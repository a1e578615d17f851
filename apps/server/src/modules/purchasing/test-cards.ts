import type { PaymentError, TestPaymentConfirm } from '@syrx/contracts/purchasing';

/**
 * How the offline test mode answers a card, the way Stripe's test mode does (https://docs.stripe.com/testing): its
 * test numbers succeed or fail with Stripe's codes and messages, a malformed card is a validation error (which Stripe.js
 * reports before anything reaches the PaymentIntent), and any other well-formed number is declined as a live card.
 */
export type CardOutcome = { kind: 'succeeded' } | { kind: 'validation_error' | 'card_error'; error: PaymentError };

/** Stripe's test numbers that succeed (Visa, Visa debit, Mastercard, American Express, Discover, Diners, JCB, UnionPay). */
const succeeding = new Set([
  '4242424242424242', '4000056655665556', '5555555555554444', '2223003122003222', '5200828282828210', '5105105105105100',
  '378282246310005', '371449635398431', '6011111111111117', '6011000990139424', '3056930009020004', '36227206271667',
  '3566002020360505', '6200000000000005',
]);

const declined = 'Your card was declined.';
/** Stripe's test numbers that are declined: [code, decline_code, message]. */
const declining: Record<string, readonly [string, string | null, string]> = {
  '4000000000000002': ['card_declined', 'generic_decline', declined],
  '4000000000009995': ['card_declined', 'insufficient_funds', 'Your card has insufficient funds.'],
  '4000000000009987': ['card_declined', 'lost_card', declined],
  '4000000000009979': ['card_declined', 'stolen_card', declined],
  '4100000000000019': ['card_declined', 'fraudulent', declined],
  '4000000000000069': ['expired_card', 'expired_card', 'Your card has expired.'],
  '4000000000000127': ['incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."],
  '4000000000000119': ['processing_error', 'processing_error', 'An error occurred while processing your card. Try again in a little bit.'],
};
const liveCard: readonly [string, string, string] = ['card_declined', 'test_mode_live_card', 'Your card was declined. Your request was in test mode, but used a non test (live) card.'];

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const invalid = (code: string, message: string): CardOutcome => ({ kind: 'validation_error', error: { type: 'validation_error', code, decline_code: null, message } });
const cardError = ([code, declineCode, message]: readonly [string, string | null, string]): CardOutcome =>
  ({ kind: 'card_error', error: { type: 'card_error', code, decline_code: declineCode, message } });

/** What the test mode does with this card at `now` (expiry is checked against the UTC month). */
export function testCardOutcome(card: TestPaymentConfirm['card'], now: Date): CardOutcome {
  const raw = card.number.trim();
  const digits = raw.replace(/[\s-]/g, '');
  if (digits === '') return invalid('incomplete_number', 'Your card number is incomplete.');
  if (!/^\d+$/.test(digits) || digits.length > 19) return invalid('invalid_number', 'Your card number is invalid.');
  if (digits.length < 12) return invalid('incomplete_number', 'Your card number is incomplete.');
  if (!luhnValid(digits)) return invalid('invalid_number', 'Your card number is invalid.');

  if (card.exp_month < 1 || card.exp_month > 12) return invalid('invalid_expiry_month', "Your card's expiration month is invalid.");
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  const [thisYear, thisMonth] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
  if (year < thisYear) return invalid('invalid_expiry_year_past', "Your card's expiration year is in the past.");
  if (year === thisYear && card.exp_month < thisMonth) return invalid('invalid_expiry_month_past', "Your card's expiration date is in the past.");
  if (year > thisYear + 50) return invalid('invalid_expiry_year', "Your card's expiration year is invalid.");

  const cvc = card.cvc.trim();
  if (cvc === '') return invalid('incomplete_cvc', "Your card's security code is incomplete.");
  if (!/^\d{3,4}$/.test(cvc)) return invalid('invalid_cvc', "Your card's security code is invalid.");

  if (succeeding.has(digits)) return { kind: 'succeeded' };
  return cardError(declining[digits] ?? liveCard);
}
