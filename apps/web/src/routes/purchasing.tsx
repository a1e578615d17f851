import type { RouteObject } from 'react-router';
import { screen } from './lazy-screen';

/** Purchasing (spec 02 section 2): the wizard with its card payment, and the catalogue it offers (our addition). */
export const purchasingRoutes: RouteObject[] = [
  { path: '/purchasing', lazy: screen(() => import('../features/purchasing/components/purchasing-screen'), (m) => m.PurchasingScreen) },
  { path: '/admin/syrx-catalogue', lazy: screen(() => import('../features/purchasing/components/catalogue-screen'), (m) => m.CatalogueScreen) },
];
