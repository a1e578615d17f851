import { screenRoutes } from './lazy-screen';

/** The commissioning issues log (docs/issues-log.md): the Issues and Tasks grids and an entry's page. */
export const issueRoutes = screenRoutes(() => import('./issues.screens'), {
  '/commissioning/issues': 'IssuesRoute',
  '/commissioning/issues/:issueId': 'IssueRoute',
  '/commissioning/tasks': 'TasksRoute',
  '/commissioning/tasks/:issueId': 'TaskRoute',
});
