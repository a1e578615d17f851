import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { groupRecordKey } from './groups.ts';
import { belongsTo, identityId, writtenAt } from './columns.ts';

/** Weather stations accounts are normalised against (a seeded catalogue of real stations: ICAO id, place, position). */
export const weatherStations = pgTable('weather_stations', {
  id: identityId(),
  /** ICAO identifier, e.g. KBOS. */
  code: text('code').notNull().unique('weather_stations_code_key'),
  name: text('name').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  /** IANA time zone of the station. */
  timezone: text('timezone').notNull(),
});

/** Building meter accounts of a group (spec 02, section 3): electric or gas, with their size and price history. */
export const accounts = pgTable(
  'accounts',
  {
    ...groupRecordKey(),
    name: text('name').notNull(),
    num: text('num'),
    type: text('type', { enum: ['electric', 'gas'] }).notNull(),
    weatherstationId: integer('weatherstation_id').notNull().references(() => weatherStations.id, { onDelete: 'restrict' }),
    /** IANA time zone. */
    timezone: text('timezone').notNull(),
    /** Building square footage at creation. */
    initialSizeNormalization: doublePrecision('initial_size_normalization').notNull(),
    /** Utility cost per unit at creation ($/kWh, $/therm). */
    initialPriceNormalization: doublePrecision('initial_price_normalization').notNull(),
    createdAt: writtenAt('created_at'),
  },
  (t) => [index('accounts_group_idx').on(t.groupId, t.name)],
);

const normalizationColumns = () => ({
  id: identityId(),
  accountId: belongsTo('account_id', () => accounts.id),
  effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
  value: doublePrecision('value').notNull(),
  note: text('note'),
  createdAt: writtenAt('created_at'),
});

/** Building size history (sqft) with effective dates. */
export const accountSizeNormalizations = pgTable('account_size_normalizations', normalizationColumns(), (t) => [
  index('account_size_normalizations_account_idx').on(t.accountId, t.effectiveDate),
  check('account_size_normalizations_value_check', sql`${t.value} > 0`),
]);

/** Utility price history ($ per unit) with effective dates. */
export const accountPriceNormalizations = pgTable('account_price_normalizations', normalizationColumns(), (t) => [
  index('account_price_normalizations_account_idx').on(t.accountId, t.effectiveDate),
  check('account_price_normalizations_value_check', sql`${t.value} >= 0`),
]);

/** Utility companies (admin catalogue, `utility_companies_manage`). */
export const utilityCompanies = pgTable('utility_companies', {
  id: identityId(),
  name: text('name').notNull().unique('utility_companies_name_key'),
  /** electric, gas or both. */
  serviceType: text('service_type', { enum: ['electric', 'gas', 'both'] }).notNull(),
  website: text('website'),
  phone: text('phone'),
});

/**
 * The built-in catalogues (weather stations, component types) as last seeded: a digest of the release's catalogue. A
 * start seeds a catalogue only when its digest changed (a release that brings a new catalogue), so what an administrator
 * renamed or deleted stays so across restarts.
 */
export const catalogueSeeds = pgTable('catalogue_seeds', {
  name: text('name').primaryKey(),
  digest: text('digest').notNull(),
  seededAt: writtenAt('seeded_at'),
});
