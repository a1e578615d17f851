import type { RouteObject } from 'react-router';
import { changePasswordPath } from '../features/navigation/user-menu-items';
import { screen, screenRoutes } from './lazy-screen';

const pages = () => import('./passwords.screens');

/** Reachable signed in or not: a forgotten password, and the e-mailed links that set one (a reset, an invitation). */
export const publicPasswordRoutes = screenRoutes(pages, {
  '/forgot-password': 'ForgotPasswordForm',
  '/set-password/:token': 'SetPasswordRoute',
  '/reset-password/:token': 'ResetPasswordRoute',
});

/** The signed-in user's own password (their user menu). */
export const changePasswordRoutes: RouteObject[] = [{ path: changePasswordPath, lazy: screen(pages, (m) => m.ChangePasswordScreen) }];
