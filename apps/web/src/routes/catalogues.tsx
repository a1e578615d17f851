import { screenRoutes } from './lazy-screen';

/** The Admin catalogues (docs/catalogues.md): weather stations, utility companies, contact categories, components, generic points. */
export const catalogueRoutes = screenRoutes(() => import('./catalogues.screens'), {
  '/admin/weather-stations': 'WeatherStationsScreen',
  '/admin/utility-companies': 'UtilityCompaniesScreen',
  '/admin/contact-categories': 'ContactCategoriesScreen',
  '/admin/components': 'ComponentTypesScreen',
  '/admin/generic-points': 'GenericPointsScreen',
  '/admin/issue-field-options': 'IssueFieldOptionsScreen',
  '/admin/task-field-options': 'TaskFieldOptionsScreen',
});
