import { type Account, type AccountType, accountUnits, valueInForce, type WeatherStation } from '@syrx/contracts/accounts';
import type { SessionUser } from '@syrx/contracts/auth';

export const accountTypeLabels: Record<AccountType, string> = { electric: 'Electric', gas: 'Gas' };

/** Spec 02 section 6: the Accounts screens are for accounts_manage or groups_manage; the server refuses others' changes. */
export const canManageAccounts = (user: SessionUser): boolean => user.permissions.some((p) => p === 'accounts_manage' || p === 'groups_manage');
export const needsManage = 'Changing accounts needs the permission accounts_manage or groups_manage.';

/** 12500 → "12,500 sqft". */
export const formatSize = (value: number): string => `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${accountUnits.size}`;

/** 0.14 → "$0.14/kWh": USD with 2 decimals (more only when a price has them; the form's step is 0.01). */
export const formatPrice = (value: number): string =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}/${accountUnits.price.replace('$/', '')}`;

/** "2025-06-01" → "06/01/2025". */
export function formatDay(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return y && m && d ? `${m}/${d}/${y}` : isoDay;
}

export const stationLabel = (s: Pick<WeatherStation, 'code' | 'name'>): string => `${s.code} – ${s.name}`;

/** Today's date (YYYY-MM-DD) in an IANA time zone; the browser's own day when the zone is unknown to it. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const day = (zone?: string) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
  };
  try {
    return day(timeZone);
  } catch {
    return day();
  }
}

/** The building size and utility cost in force today at the account (its own time zone's day). */
export function currentValues(account: Account, now: Date = new Date()): { size: number; price: number } {
  const today = todayIn(account.timezone, now);
  return {
    size: valueInForce(account.initial_size_normalization, account.account_size_normalizations, today),
    price: valueInForce(account.initial_price_normalization, account.account_price_normalizations, today),
  };
}
