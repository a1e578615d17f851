import type { NamedRef, UserSummary } from '@syrx/contracts/users';

/** How a user is named on the screens: their name, else their e-mail address or username. */
export const displayName = (u: Pick<UserSummary, 'first_name' | 'last_name' | 'email' | 'username'>): string =>
  `${u.first_name} ${u.last_name}`.trim() || u.email || u.username;

/** "East, West": the names of a list of groups or roles. */
export const namesOf = (refs: readonly NamedRef[]): string => refs.map((r) => r.name).join(', ');
