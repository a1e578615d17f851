import { contactCategoryRoutes, genericPointRoutes, utilityCompanyRoutes, weatherStationAdminRoutes } from '@syrx/contracts/routes/catalogues';
import { issueFieldOptionRoutes, taskFieldOptionRoutes } from '@syrx/contracts/routes/issues';
import { catalogueApi } from '../../../components/catalogue/catalogue-api';

/** The Admin catalogues' calls (newer base; docs/catalogues.md). */
export const weatherStationsApi = catalogueApi('weather-stations', weatherStationAdminRoutes);
export const utilityCompaniesApi = catalogueApi('utility-companies', utilityCompanyRoutes);
export const contactCategoriesApi = catalogueApi('contact-categories', contactCategoryRoutes);
export const genericPointsApi = catalogueApi('generic-points', genericPointRoutes);
export const issueFieldOptionsApi = catalogueApi('issue-field-options', issueFieldOptionRoutes);
export const taskFieldOptionsApi = catalogueApi('task-field-options', taskFieldOptionRoutes);
