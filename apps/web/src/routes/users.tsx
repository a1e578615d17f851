import type { RouteObject } from 'react-router';
import { screen } from './lazy-screen';

const screens = () => import('./users.screens');

/** Users (users_manage): the grid with Invite user, and a user's editor. */
export const userRoutes: RouteObject[] = [
  { path: '/admin/users', lazy: screen(screens, (m) => m.UsersScreen) },
  { path: '/admin/users/:userId', lazy: screen(screens, (m) => m.UserEditorRoute) },
];
