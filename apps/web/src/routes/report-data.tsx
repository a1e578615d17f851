import type { RouteObject } from 'react-router';
import { screen } from './lazy-screen';

const screens = () => import('./report-data.screens');

/** Report Data's group data upload and point data availability report, and Admin → PCS sites (issue 23). */
export const reportDataRoutes: RouteObject[] = [
  { path: '/report-data/group-data-upload', lazy: screen(screens, (m) => m.GroupUploadScreen) },
  { path: '/report-data/availability', lazy: screen(screens, (m) => m.AvailabilityRoute) },
  { path: '/admin/pcs-sites', lazy: screen(screens, (m) => m.PcsSitesScreen) },
];
