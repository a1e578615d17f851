import { screenRoutes } from './lazy-screen';

/** Building meter accounts (spec 02 section 2): the cards, adding and editing. */
export const accountRoutes = screenRoutes(() => import('./accounts.screens'), {
  '/admin/groups/accounts': 'AccountsScreen',
  '/admin/groups/accounts/editor': 'NewAccountRoute',
  '/admin/groups/accounts/editor/:id': 'EditAccountRoute',
});
