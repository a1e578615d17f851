import type { RouteObject } from 'react-router';
import { screen } from './lazy-screen';

const screens = () => import('./catalogues.screens');

/** The Admin catalogues (docs/catalogues.md): weather stations, utility companies, contact categories, components, generic points. */
export const catalogueRoutes: RouteObject[] = [
  { path: '/admin/weather-stations', lazy: screen(screens, (m) => m.WeatherStationsScreen) },
  { path: '/admin/utility-companies', lazy: screen(screens, (m) => m.UtilityCompaniesScreen) },
  { path: '/admin/contact-categories', lazy: screen(screens, (m) => m.ContactCategoriesScreen) },
  { path: '/admin/components', lazy: screen(screens, (m) => m.ComponentTypesScreen) },
  { path: '/admin/generic-points', lazy: screen(screens, (m) => m.GenericPointsScreen) },
  { path: '/admin/issue-field-options', lazy: screen(screens, (m) => m.IssueFieldOptionsScreen) },
  { path: '/admin/task-field-options', lazy: screen(screens, (m) => m.TaskFieldOptionsScreen) },
];
