import type { RouteObject } from 'react-router';
import { screen } from './lazy-screen';

const screens = () => import('./issues.screens');

/** The commissioning issues log (docs/issues-log.md): the Issues and Tasks grids and an entry's page. */
export const issueRoutes: RouteObject[] = [
  { path: '/commissioning/issues', lazy: screen(screens, (m) => m.IssuesRoute) },
  { path: '/commissioning/issues/:issueId', lazy: screen(screens, (m) => m.IssueRoute) },
  { path: '/commissioning/tasks', lazy: screen(screens, (m) => m.TasksRoute) },
  { path: '/commissioning/tasks/:issueId', lazy: screen(screens, (m) => m.TaskRoute) },
];
