import { seedWhenChanged } from '../../db/catalogue-seeds.ts';
import type { DbOrTx } from '../../db/client.ts';
import { accountsRepo } from './accounts.repo.ts';
import { canonicalTimeZone } from './time-zones.ts';
import { weatherStationCatalogue } from './weather-station-catalogue.ts';

/**
 * Seeds the weather station catalogue when the release brings a changed one (run at every start by the bootstrap; an
 * administrator's edits stay across restarts). Time zones are stored as this
 * server lists them (e.g. America/Indiana/Indianapolis as America/Indianapolis on an ICU that lists the older name), so a
 * station's zone is always one of GET /timezones.
 */
export async function seedWeatherStations(db: DbOrTx): Promise<void> {
  await seedWhenChanged(db, 'weather_stations', weatherStationCatalogue, (tx) =>
    accountsRepo.upsertStations(tx, weatherStationCatalogue.map((s) => ({ ...s, timezone: canonicalTimeZone(s.timezone) ?? s.timezone }))));
}

/** The name a weather station stores for this IANA time zone (as GET /timezones lists it), or null when it is none. */
export const stationTimeZone = (name: string): string | null => canonicalTimeZone(name);
