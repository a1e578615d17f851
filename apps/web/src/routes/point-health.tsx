import type { RouteObject } from 'react-router';
import { screen } from './lazy-screen';

const screens = () => import('./point-health.screens');

/** Point health (docs/point-health.md): the fleet view and a sweep's findings. */
export const pointHealthRoutes: RouteObject[] = [
  { path: '/commissioning/point-health', lazy: screen(screens, (m) => m.FleetScreen) },
  { path: '/commissioning/point-health/sweeps/:sweepId', lazy: screen(screens, (m) => m.SweepRoute) },
];
