import type { RouteObject } from 'react-router';
import { apiTokensPath, twoFactorPath } from '../features/navigation/user-menu-items';
import { screen } from './lazy-screen';

const screens = () => import('./user-security.screens');

/** The user menu's sign-in security screens. */
export const userSecurityRoutes: RouteObject[] = [
  { path: twoFactorPath, lazy: screen(screens, (m) => m.TwoFactorScreen) },
  { path: apiTokensPath, lazy: screen(screens, (m) => m.ApiTokensScreen) },
];
