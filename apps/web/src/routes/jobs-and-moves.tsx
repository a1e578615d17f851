import type { RouteObject } from 'react-router';
import { screen } from './lazy-screen';

const screens = () => import('./jobs-and-moves.screens');

/** Background jobs and their logs, moving vendor point data, and the CSV imports (spec 02 section 2; docs/data-moves.md). */
export const jobAndMoveRoutes: RouteObject[] = [
  { path: '/admin/jobs', lazy: screen(screens, (m) => m.JobsScreen) },
  { path: '/admin/jobs/:jobId/logs', lazy: screen(screens, (m) => m.JobLogsRoute) },
  { path: '/admin/move-vendor-point-data', lazy: screen(screens, (m) => m.MoveJobsList) },
  { path: '/admin/move-vendor-point-data/new', lazy: screen(screens, (m) => m.MoveWizard) },
  { path: '/report-data/import', lazy: screen(screens, (m) => m.ImportScreen) },
];
