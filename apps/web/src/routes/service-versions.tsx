import { screenRoutes } from './lazy-screen';

/** The service and version manager (spec 02 section 2; docs/service-versions.md). */
export const serviceVersionRoutes = screenRoutes(() => import('./service-versions.screens'), {
  '/admin/syrx-controller-services': 'ServicesScreen',
  '/admin/syrx-controller-service-versions/new': 'NewVersionRoute',
  '/admin/syrx-controller-services/:serviceId/versions/:versionName': 'EditVersionRoute',
});
