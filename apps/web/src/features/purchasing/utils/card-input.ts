/** The test mode's card field: what the user types, read as Stripe.js would. */

/** Groups the digits by four as they are typed (at most 19 digits). */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM / YY" (or MM/YYYY) as month and four-digit year; null when incomplete. */
export function parseExpiry(text: string): { exp_month: number; exp_year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text) ?? /^\s*(\d{2})(\d{2})\s*$/.exec(text);
  if (!m) return null;
  const year = Number(m[2]);
  return { exp_month: Number(m[1]), exp_year: year < 100 ? 2000 + year : year };
}

/** Adds the slash after the month as the expiry is typed. */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export const expiryIncomplete = "Your card's expiration date is incomplete.";
