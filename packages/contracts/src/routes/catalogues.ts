import { z } from 'zod';
import {
  catalogueQuerySchema, contactCategoryChoiceSchema, contactCategoryInputSchema, contactCategorySchema, genericPointInputSchema,
  genericPointSchema, utilityCompanyInputSchema, utilityCompanySchema, weatherStationInputSchema, weatherStationRowSchema,
} from '../catalogues.ts';
import { dbIdParamSchema } from '../ids.ts';
import { pageSchema } from '../jobs.ts';
import { recordRoutes, route } from '../route.ts';

/** The five routes of an Admin catalogue at `path`: its grid, create, read, update and delete (409 while the row is used). */
export function catalogueCrud<I extends z.ZodType, B extends z.ZodType>(path: `/api/v2/${string}`, tag: string, item: I, body: B) {
  const tags = [tag];
  return {
    list: route({ method: 'GET', path, tags, query: catalogueQuerySchema, response: pageSchema(item) }),
    ...recordRoutes(path, { tags, id: dbIdParamSchema, item, create: body, update: body }),
  };
}
export type CatalogueRoutes<I extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> = ReturnType<typeof catalogueCrud<I, B>>;

/** Weather stations (weatherstations_manage). GET /api/v2/weatherstations, the accounts' lookup, stays open to all. */
export const weatherStationAdminRoutes = catalogueCrud('/api/v2/weather-stations', 'weather stations', weatherStationRowSchema, weatherStationInputSchema);

/** Utility companies (utility_companies_manage). */
export const utilityCompanyRoutes = catalogueCrud('/api/v2/utility-companies', 'utility companies', utilityCompanySchema, utilityCompanyInputSchema);

/** Contact categories (contact_categories_manage); their choices for the contacts editor (any signed-in user). */
export const contactCategoryRoutes = {
  ...catalogueCrud('/api/v2/contact-categories', 'contact categories', contactCategorySchema, contactCategoryInputSchema),
  choices: route({ method: 'GET', path: '/api/v2/contact-categories/choices', tags: ['contact categories'], response: z.array(contactCategoryChoiceSchema) }),
};

/** Generic points (components_manage). */
export const genericPointRoutes = catalogueCrud('/api/v2/generic-points', 'generic points', genericPointSchema, genericPointInputSchema);
