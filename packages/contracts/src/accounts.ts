import { z } from 'zod';
import { idNameShape, newRowGroupIdSchema } from './fields.ts';
import { dbIdParamSchema, maxDbId } from './ids.ts';

/**
 * Building meter accounts of a group (spec 02 sections 3, 5, 7 and 9): electric or gas, normalised against a weather
 * station in a time zone, with building size (sqft) and utility price history by effective date.
 */
export const accountTypes = ['electric', 'gas'] as const;
export type AccountType = (typeof accountTypes)[number];

/** Spec 02 section 9: utility cost is shown as $/kWh and size in sqft (for gas too, as the specification says). */
export const accountUnits = { size: 'sqft', price: '$/kWh' } as const;
/** Spec 02 section 5: cost step 0.01. */
export const priceStep = 0.01;

export const accountMessages = {
  name: 'Name is required',
  nameLength: 'Enter a name of at most 200 characters',
  numLength: 'Enter an account number of at most 100 characters',
  type: 'Choose electric or gas',
  weatherStation: 'Choose a weather station',
  weatherStationUnknown: 'This weather station does not exist',
  timezone: 'Choose a time zone',
  timezoneUnknown: 'This is not an IANA time zone',
  size: 'Enter a building square footage above 0',
  price: 'Enter a utility cost per unit of 0 or more',
  priceStep: 'Enter a cost in steps of 0.01',
  date: 'Enter the effective date as YYYY-MM-DD',
  noteLength: 'Enter a note of at most 1000 characters',
  account: 'Choose an account',
} as const;

/** A database id (PostgreSQL integer), in a path or a body. */
export const accountIdSchema = dbIdParamSchema;

/** True for a real calendar day written YYYY-MM-DD (year 0001 to 9999). */
export function isIsoDay(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return y >= 1 && days !== undefined && d >= 1 && d <= days;
}

export const isoDaySchema = z.string({ error: accountMessages.date }).refine(isIsoDay, accountMessages.date);

/** GET /api/v2/weatherstations: one station of the catalogue (ICAO code, place, position, IANA zone). */
export const weatherStationSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string(),
});
export type WeatherStation = z.infer<typeof weatherStationSchema>;
export const weatherStationListSchema = z.array(weatherStationSchema);

/** GET /api/v2/timezones: IANA time zone names, sorted. */
export const timeZoneListSchema = z.array(z.string());

/** One entry of an account's size (sqft) or price ($/kWh) history. */
export const normalizationSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  effective_date: z.string(),
  value: z.number(),
  note: z.string().nullable(),
});
export type Normalization = z.infer<typeof normalizationSchema>;

/** An account with its weather station and its histories (each sorted by effective_date). */
export const accountSchema = z.object({
  ...idNameShape,
  num: z.string().nullable(),
  type: z.enum(accountTypes),
  weatherstation_id: z.number().int(),
  timezone: z.string(),
  group_id: z.number().int(),
  weatherstation: weatherStationSchema,
  initial_size_normalization: z.number(),
  initial_price_normalization: z.number(),
  account_size_normalizations: z.array(normalizationSchema),
  account_price_normalizations: z.array(normalizationSchema),
});
export type Account = z.infer<typeof accountSchema>;
export const accountListSchema = z.array(accountSchema);

const name = z.string({ error: accountMessages.name }).trim().min(1, accountMessages.name).max(200, accountMessages.nameLength);
/** Optional: empty text is no number. */
const num = z.string().trim().max(100, accountMessages.numLength).nullish().transform((v) => (v ? v : null));
const accountFields = {
  name,
  num,
  type: z.enum(accountTypes, { error: accountMessages.type }),
  weatherstation_id: z.number({ error: accountMessages.weatherStation }).int(accountMessages.weatherStation).positive(accountMessages.weatherStation).max(maxDbId, accountMessages.weatherStation),
  timezone: z.string({ error: accountMessages.timezone }).trim().min(1, accountMessages.timezone).max(100, accountMessages.timezoneUnknown),
};
const sizeValue = z.number({ error: accountMessages.size }).gt(0, accountMessages.size);
const priceValue = z.number({ error: accountMessages.price }).min(0, accountMessages.price);

/** POST /api/v2/accounts: a new account of a group, with the building size and utility cost it starts with. */
export const accountCreateSchema = z.object({
  ...accountFields,
  group_id: newRowGroupIdSchema,
  buildingSquareFootage: sizeValue,
  utilityCostPerUnit: priceValue,
});
export type AccountCreate = z.input<typeof accountCreateSchema>;

/** PUT /api/v2/accounts/{id}: the account's own fields (its group and history do not change here). */
export const accountUpdateSchema = z.object(accountFields);
export type AccountUpdate = z.input<typeof accountUpdateSchema>;

const entryFields = {
  account_id: z.number({ error: accountMessages.account }).int().positive().max(maxDbId),
  effective_date: isoDaySchema,
  note: z.string().trim().max(1000, accountMessages.noteLength).nullish().transform((v) => (v ? v : null)),
};
/** POST /api/v2/account-size-normalizations: building size (sqft) from a date on. */
export const sizeNormalizationCreateSchema = z.object({ ...entryFields, value: sizeValue });
/** POST /api/v2/account-price-normalizations: utility cost ($/kWh) from a date on. */
export const priceNormalizationCreateSchema = z.object({ ...entryFields, value: priceValue });
export type NormalizationCreate = z.input<typeof sizeNormalizationCreateSchema>;

/**
 * The value in force on `today` (YYYY-MM-DD): the latest entry effective on or before it, else the value the account
 * was created with. `history` is sorted by effective_date (later entries of one day win).
 */
export function valueInForce(initial: number, history: readonly Normalization[], today: string): number {
  let value = initial;
  for (const entry of history) if (entry.effective_date <= today) value = entry.value;
  return value;
}
