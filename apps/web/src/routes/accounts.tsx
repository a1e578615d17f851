import type { RouteObject } from 'react-router';
import { screen } from './lazy-screen';

const screens = () => import('./accounts.screens');

/** Building meter accounts (spec 02 section 2): the cards, adding and editing. */
export const accountRoutes: RouteObject[] = [
  { path: '/admin/groups/accounts', lazy: screen(screens, (m) => m.AccountsScreen) },
  { path: '/admin/groups/accounts/editor', lazy: screen(screens, (m) => m.NewAccountRoute) },
  { path: '/admin/groups/accounts/editor/:id', lazy: screen(screens, (m) => m.EditAccountRoute) },
];
