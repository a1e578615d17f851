import { screenRoutes } from './lazy-screen';

/** Report Data's group data upload and point data availability report, and Admin → PCS sites (issue 23). */
export const reportDataRoutes = screenRoutes(() => import('./report-data.screens'), {
  '/report-data/group-data-upload': 'GroupUploadScreen',
  '/report-data/availability': 'AvailabilityRoute',
  '/admin/pcs-sites': 'PcsSitesScreen',
});
