import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountsRoutes } from '@syrx/contracts/routes/accounts';
import { callRoute } from '../../../lib/api-client';

/** GET /api/v2/weatherstations: the catalogue changes only with a server release. */
export const weatherStationsQueryOptions = queryOptions({
  queryKey: ['account-lookups', 'weatherstations'],
  queryFn: () => callRoute(accountsRoutes.weatherStations),
  staleTime: Infinity,
});

/** GET /api/v2/timezones: IANA names. */
export const timeZonesQueryOptions = queryOptions({
  queryKey: ['account-lookups', 'timezones'],
  queryFn: () => callRoute(accountsRoutes.timeZones),
  staleTime: Infinity,
});

export const useWeatherStations = () => useQuery(weatherStationsQueryOptions);
export const useTimeZones = () => useQuery(timeZonesQueryOptions);
