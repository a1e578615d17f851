import { queryOptions, useQuery } from '@tanstack/react-query';
import { timeZoneListSchema, weatherStationListSchema } from '@syrx/contracts/accounts';
import { v2Api } from '../../../lib/api-client';

/** GET /api/v2/weatherstations: the catalogue changes only with a server release. */
export const weatherStationsQueryOptions = queryOptions({
  queryKey: ['account-lookups', 'weatherstations'],
  queryFn: () => v2Api('/weatherstations', { schema: weatherStationListSchema }),
  staleTime: Infinity,
});

/** GET /api/v2/timezones: IANA names. */
export const timeZonesQueryOptions = queryOptions({
  queryKey: ['account-lookups', 'timezones'],
  queryFn: () => v2Api('/timezones', { schema: timeZoneListSchema }),
  staleTime: Infinity,
});

export const useWeatherStations = () => useQuery(weatherStationsQueryOptions);
export const useTimeZones = () => useQuery(timeZonesQueryOptions);
