import { catalogueGridFields, catalogueMessages } from '@syrx/contracts/catalogues';
import { AppError } from '@syrx/contracts/errors';
import { fieldOptionGridFields, type IssueKind } from '@syrx/contracts/issues';
import { stationTimeZone } from '../accounts/weather-stations.service.ts';
import type { CatalogueSpec } from './catalogue-spec.ts';

/** Weather stations: accounts are normalised against them (accounts.weatherstation_id, ON DELETE RESTRICT). */
export const weatherStations: CatalogueSpec = {
  what: 'weather station', kind: 'weather_station', table: 'weather_stations',
  columns: ['code', 'name', 'latitude', 'longitude', 'timezone'], key: 'code', fields: catalogueGridFields.weatherStations,
  usage: { table: 'accounts', column: 'weatherstation_id', as: 'accounts', users: ['account', 'accounts'] },
  prepare: (input) => {
    const timezone = stationTimeZone(String(input.timezone));
    if (timezone === null) {
      throw AppError.badRequest(catalogueMessages.timezoneUnknown, [{ field: 'timezone', message: catalogueMessages.timezoneUnknown }]);
    }
    return { ...input, timezone };
  },
};

export const utilityCompanies: CatalogueSpec = {
  what: 'utility company', kind: 'utility_company', table: 'utility_companies',
  columns: ['name', 'service_type', 'website', 'phone'], key: 'name', fields: catalogueGridFields.utilityCompanies,
};

/** Contact categories: contacts may name one (contacts.category_id, ON DELETE RESTRICT). */
export const contactCategories: CatalogueSpec = {
  what: 'contact category', kind: 'contact_category', table: 'contact_categories',
  columns: ['name'], key: 'name', fields: catalogueGridFields.contactCategories,
  usage: { table: 'contacts', column: 'category_id', as: 'contacts', users: ['contact', 'contacts'] },
};

/** Generic points: the standard point codes a component type's points are picked from (nothing refers to them). */
export const genericPoints: CatalogueSpec = {
  what: 'generic point', kind: 'generic_point', table: 'generic_points',
  columns: ['point_code', 'description', 'point_type'], key: 'point_code', fields: catalogueGridFields.genericPoints,
};

/** A kind's issue field options (statuses, priorities, types): its part of issue_field_options; issues refer to them. */
const fieldOptionsOf = (kind: IssueKind): CatalogueSpec => ({
  what: `field option of ${kind}s`, kind: `${kind}_field_option`, table: 'issue_field_options',
  columns: ['field', 'name', 'position', 'closed'], key: 'name', keyWithin: ['field'], fixed: ['field'], scope: { kind }, fields: fieldOptionGridFields,
  usage: { table: 'issues', column: ['status_id', 'priority_id', 'type_id'], as: 'issues', users: [kind, `${kind}s`] },
});
export const issueFieldOptions = fieldOptionsOf('issue');
export const taskFieldOptions = fieldOptionsOf('task');
