import { z } from 'zod';
import { accountMessages, weatherStationSchema } from './accounts.ts';
import { componentMessages, pointFieldsSchema, pointTypes } from './components.ts';
import { idNameShape, optionalText } from './fields.ts';
import { jobsQuerySchema } from './jobs.ts';

/**
 * The Admin menu's catalogues (spec 02 sections 6 and 7; docs/catalogues.md): weather stations (weatherstations_manage),
 * utility companies (utility_companies_manage), contact categories (contact_categories_manage) and generic points
 * (components_manage). Each is a grid with create, edit and delete; a row still in use cannot be deleted (409).
 */

export const catalogueMessages = {
  name: 'Enter a name',
  length: componentMessages.length,
  stationCode: 'Enter a station code of 3 to 8 letters or digits (ICAO, e.g. KBOS)',
  latitude: 'Enter a latitude from -90 to 90',
  longitude: 'Enter a longitude from -180 to 180',
  timezone: accountMessages.timezone,
  timezoneUnknown: accountMessages.timezoneUnknown,
  serviceType: 'Choose electric, gas or both',
  website: 'Enter a web address starting with http:// or https://',
  fixed: 'This cannot change once made',
  taken: (what: string, value: string) => `${what} "${value}" already exists.`,
  /** `users`: what uses it, one and many ('account', 'accounts'). */
  inUse: (what: string, value: string, n: number, users: readonly [string, string]) =>
    `${what} "${value}" cannot be deleted: ${n === 1 ? `1 ${users[0]} uses` : `${n} ${users[1]} use`} it.`,
} as const;

/**
 * GET of a catalogue's grid: pageNum (from 1), pageSize (default 20, at most 200), sort (sort=name:desc) and only
 * non-empty filters (filter[0][field]=name&filter[0][field_type]=string&filter[0][operator]=contains&filter[0][value]=x).
 */
export const catalogueQuerySchema = jobsQuerySchema.omit({ includeChildren: true });
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

const text = (what: string, max: number, required: string) => z.string({ error: required }).trim().min(1, required).max(max, catalogueMessages.length(what, max));

/** A weather station as its Admin grid shows it: the catalogue's fields and how many accounts use it. */
export const weatherStationRowSchema = weatherStationSchema.extend({ accounts: z.number().int() });
export type WeatherStationRow = z.infer<typeof weatherStationRowSchema>;
export const weatherStationInputSchema = z.object({
  code: z.string({ error: catalogueMessages.stationCode }).trim().toUpperCase().regex(/^[A-Z0-9]{3,8}$/, catalogueMessages.stationCode),
  name: text('a name', 200, catalogueMessages.name),
  latitude: z.number({ error: catalogueMessages.latitude }).min(-90, catalogueMessages.latitude).max(90, catalogueMessages.latitude),
  longitude: z.number({ error: catalogueMessages.longitude }).min(-180, catalogueMessages.longitude).max(180, catalogueMessages.longitude),
  /** IANA; the server stores the name it lists (GET /timezones). */
  timezone: text('a time zone', 100, catalogueMessages.timezone),
});
export type WeatherStationInput = z.input<typeof weatherStationInputSchema>;

export const utilityServiceTypes = ['electric', 'gas', 'both'] as const;
export const utilityCompanySchema = z.object({
  ...idNameShape,
  service_type: z.enum(utilityServiceTypes),
  website: z.string().nullable(),
  phone: z.string().nullable(),
});
export type UtilityCompany = z.infer<typeof utilityCompanySchema>;
export const utilityCompanyInputSchema = z.object({
  name: text('a name', 200, catalogueMessages.name),
  service_type: z.enum(utilityServiceTypes, { error: catalogueMessages.serviceType }),
  website: optionalText('a web address', 500).refine((v) => v === null || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), catalogueMessages.website),
  phone: optionalText('a phone number', 50),
});
export type UtilityCompanyInput = z.input<typeof utilityCompanyInputSchema>;

/** A contact category and how many contacts have it. */
export const contactCategorySchema = z.object({ id: z.number().int(), name: z.string(), contacts: z.number().int() });
export type ContactCategory = z.infer<typeof contactCategorySchema>;
export const contactCategoryInputSchema = z.object({ name: text('a name', 100, catalogueMessages.name) });
export type ContactCategoryInput = z.input<typeof contactCategoryInputSchema>;
/** GET /contact-categories/choices: every category by name, for the contacts editor (any signed-in user). */
export const contactCategoryChoiceSchema = z.object({ id: z.number().int(), name: z.string() });
export type ContactCategoryChoice = z.infer<typeof contactCategoryChoiceSchema>;

/** A generic point: a standard point code that a component type's points are picked from. */
export const genericPointSchema = z.object({ id: z.number().int(), point_code: z.string(), description: z.string(), point_type: z.enum(pointTypes) });
export type GenericPoint = z.infer<typeof genericPointSchema>;
/** POST and PUT of a generic point: code (unique), description and point type, as a component type's point has. */
export const genericPointInputSchema = pointFieldsSchema;
export type GenericPointInput = z.input<typeof genericPointInputSchema>;

/** Sort and filter fields of each grid (every grid also sorts and filters by id). */
export const catalogueGridFields = {
  weatherStations: { id: 'number', code: 'string', name: 'string', latitude: 'number', longitude: 'number', timezone: 'string', accounts: 'number' },
  utilityCompanies: { id: 'number', name: 'string', service_type: 'string', website: 'string', phone: 'string' },
  contactCategories: { id: 'number', name: 'string', contacts: 'number' },
  genericPoints: { id: 'number', point_code: 'string', description: 'string', point_type: 'string' },
} as const;
