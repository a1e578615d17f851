import type { RouteObject } from 'react-router';
import { screen } from './lazy-screen';

const screens = () => import('./service-versions.screens');

/** The service and version manager (spec 02 section 2; docs/service-versions.md). */
export const serviceVersionRoutes: RouteObject[] = [
  { path: '/admin/syrx-controller-services', lazy: screen(screens, (m) => m.ServicesScreen) },
  { path: '/admin/syrx-controller-service-versions/new', lazy: screen(screens, (m) => m.NewVersionRoute) },
  { path: '/admin/syrx-controller-services/:serviceId/versions/:versionName', lazy: screen(screens, (m) => m.EditVersionRoute) },
];
