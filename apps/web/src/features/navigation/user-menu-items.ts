/** An item of the signed-in user's own menu (under their name). */
export interface UserMenuItem {
  key: string;
  label: string;
  path: string;
}

export const twoFactorPath = '/account/two-factor';
export const apiTokensPath = '/account/api-tokens';
export const changePasswordPath = '/account/password';

/** The user's own menu: their sign-in security and their password. */
export const userMenuItems: readonly UserMenuItem[] = [
  { key: 'two-factor', label: 'Two-factor sign-in', path: twoFactorPath },
  { key: 'api-tokens', label: 'API tokens', path: apiTokensPath },
  { key: 'password', label: 'Change password', path: changePasswordPath },
];

/** The user menu's title: the user's name, else their username. */
export const userMenuLabel = (user: { first_name: string; last_name: string; username: string }): string =>
  `${user.first_name} ${user.last_name}`.trim() || user.username;
