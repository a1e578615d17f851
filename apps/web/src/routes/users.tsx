import { screenRoutes } from './lazy-screen';

/** Users (users_manage): the grid with Invite user, and a user's editor. */
export const userRoutes = screenRoutes(() => import('./users.screens'), {
  '/admin/users': 'UsersScreen',
  '/admin/users/:userId': 'UserEditorRoute',
});
