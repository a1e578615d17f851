import type { DbOrTx } from '../../db/client.ts';
import { accountsRepo } from './accounts.repo.ts';
import { canonicalTimeZone } from './time-zones.ts';
import { weatherStationCatalogue } from './weather-station-catalogue.ts';

/**
 * Seeds the weather station catalogue (idempotent: run at every start by the bootstrap). Time zones are stored as this
 * server lists them (e.g. America/Indiana/Indianapolis as America/Indianapolis on an ICU that lists the older name), so a
 * station's zone is always one of GET /timezones.
 */
export async function seedWeatherStations(db: DbOrTx): Promise<void> {
  await accountsRepo.upsertStations(db, weatherStationCatalogue.map((s) => ({ ...s, timezone: canonicalTimeZone(s.timezone) ?? s.timezone })));
}
