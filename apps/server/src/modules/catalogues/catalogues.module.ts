import { contactCategoryRoutes, genericPointRoutes, utilityCompanyRoutes, weatherStationAdminRoutes } from '@syrx/contracts/routes/catalogues';
import { issueFieldOptionRoutes, taskFieldOptionRoutes } from '@syrx/contracts/routes/issues';
import type { Db } from '../../db/client.ts';
import { serve } from '../../lib/serve-route.ts';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { type CatalogueSpec, createCatalogueService } from './catalogue.service.ts';
import { contactCategories, genericPoints, issueFieldOptions, taskFieldOptions, utilityCompanies, weatherStations } from './catalogue-specs.ts';
import { contactCategoryChoices } from './catalogues.service.ts';

/**
 * The Admin catalogues (docs/catalogues.md): weather stations, utility companies, contact categories, generic points and
 * the issue and task field options (docs/issues-log.md),
 * each behind its permission; the contact categories' choices for any signed-in user.
 */
export const cataloguesModule: Routes<GuardDeps & { db: Db; audit: AuditRecorder }> = (app, { db, audit, guards }) => {
  const service = (spec: CatalogueSpec) => createCatalogueService(db, audit, spec);
  serve(app, contactCategoryRoutes.choices, { preHandler: guards.requireActor }, async () => contactCategoryChoices(db));
  for (const routes of [
    catalogueRoutes(weatherStationAdminRoutes, 'weatherstations_manage', service(weatherStations)),
    catalogueRoutes(utilityCompanyRoutes, 'utility_companies_manage', service(utilityCompanies)),
    catalogueRoutes(contactCategoryRoutes, 'contact_categories_manage', service(contactCategories)),
    catalogueRoutes(genericPointRoutes, 'components_manage', service(genericPoints)),
    catalogueRoutes(issueFieldOptionRoutes, 'issue_field_options_manage', service(issueFieldOptions)),
    catalogueRoutes(taskFieldOptionRoutes, 'task_field_options_manage', service(taskFieldOptions)),
  ]) routes(app, { guards });
};
