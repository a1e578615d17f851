import { apiTokensPath, twoFactorPath } from '../features/navigation/user-menu-items';
import { screenRoutes } from './lazy-screen';

/** The user menu's sign-in security screens. */
export const userSecurityRoutes = screenRoutes(() => import('./user-security.screens'), {
  [twoFactorPath]: 'TwoFactorScreen',
  [apiTokensPath]: 'ApiTokensScreen',
});
