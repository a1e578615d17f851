import { screenRoutes } from './lazy-screen';

/** Background jobs and their logs, moving vendor point data, and the CSV imports (spec 02 section 2; docs/data-moves.md). */
export const jobAndMoveRoutes = screenRoutes(() => import('./jobs-and-moves.screens'), {
  '/admin/jobs': 'JobsScreen',
  '/admin/jobs/:jobId/logs': 'JobLogsRoute',
  '/admin/move-vendor-point-data': 'MoveJobsList',
  '/admin/move-vendor-point-data/new': 'MoveWizard',
  '/report-data/import': 'ImportScreen',
});
