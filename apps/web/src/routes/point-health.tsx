import { screenRoutes } from './lazy-screen';

/** Point health (docs/point-health.md): the fleet view and a sweep's findings. */
export const pointHealthRoutes = screenRoutes(() => import('./point-health.screens'), {
  '/commissioning/point-health': 'FleetScreen',
  '/commissioning/point-health/sweeps/:sweepId': 'SweepRoute',
});
