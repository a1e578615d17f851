import stations from './weather-stations.json' with { type: 'json' };

/** One station of the seeded catalogue: ICAO code, the airport and place, position (degrees) and IANA time zone. */
export interface CatalogueStation {
  code: string;
  name: string;
  latitude: number;
  longitude: number;
  timezone: string;
}

/**
 * Airport weather stations (METAR/ASOS) of large US and Canadian cities, whose hourly observations degree-day
 * normalisation uses (the data: weather-stations.json). Seeded at every start (docs/accounts.md); a code already stored
 * is brought up to date.
 */
export const weatherStationCatalogue: readonly CatalogueStation[] = stations;
