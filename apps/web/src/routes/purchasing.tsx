import type { RouteObject } from 'react-router';
import { CatalogueScreen } from '../features/purchasing/components/catalogue-screen';
import { PurchasingScreen } from '../features/purchasing/components/purchasing-screen';

/** Purchasing (spec 02 section 2): the wizard with its card payment, and the catalogue it offers (our addition). */
export const purchasingRoutes: RouteObject[] = [
  { path: '/purchasing', element: <PurchasingScreen /> },
  { path: '/admin/syrx-catalogue', element: <CatalogueScreen /> },
];
