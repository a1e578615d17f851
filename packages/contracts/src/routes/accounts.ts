import { z } from 'zod';
import {
  accountCreateSchema, accountIdSchema, accountListSchema, accountSchema, accountUpdateSchema, normalizationSchema,
  priceNormalizationCreateSchema, sizeNormalizationCreateSchema, timeZoneListSchema, weatherStationListSchema,
} from '../accounts.ts';
import { recordRoutes, route } from '../route.ts';

const tags = ['building meter accounts'];

/** Building meter accounts, their size and price history, and the lookups (spec 02 section 7, newer base). */
export const accountsRoutes = {
  forGroup: route({ method: 'GET', path: '/api/v2/accounts/for-group/:groupId', tags, params: z.object({ groupId: accountIdSchema }), response: accountListSchema }),
  ...recordRoutes('/api/v2/accounts', { tags, id: accountIdSchema, item: accountSchema, create: accountCreateSchema, update: accountUpdateSchema }),

  addSize: route({ method: 'POST', path: '/api/v2/account-size-normalizations', tags, body: sizeNormalizationCreateSchema, response: normalizationSchema, status: 201 }),
  addPrice: route({ method: 'POST', path: '/api/v2/account-price-normalizations', tags, body: priceNormalizationCreateSchema, response: normalizationSchema, status: 201 }),

  /** The catalogue changes only with a server release. */
  weatherStations: route({ method: 'GET', path: '/api/v2/weatherstations', tags, response: weatherStationListSchema }),
  /** IANA names. */
  timeZones: route({ method: 'GET', path: '/api/v2/timezones', tags, response: timeZoneListSchema }),
};
