import { z } from 'zod';
import {
  accountCreateSchema, accountIdSchema, accountListSchema, accountSchema, accountUpdateSchema, normalizationSchema,
  priceNormalizationCreateSchema, sizeNormalizationCreateSchema, timeZoneListSchema, weatherStationListSchema,
} from '@syrx/contracts/accounts';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';
import type { AccountsService } from './accounts.service.ts';

const base = '/api/v2';
const tags = ['building meter accounts'];
const idParams = z.object({ id: accountIdSchema });

/** Building meter accounts, their size and price history, and the lookups (spec 02 section 7, newer base). */
export const accountsRoutes = (svc: AccountsService): Routes => (app, { guards }) => {
  const r = typed(app);
  const pre = { preHandler: guards.requireActor };

  r.get(`${base}/accounts/for-group/:groupId`, { ...pre, schema: { tags, params: z.object({ groupId: accountIdSchema }), response: { 200: accountListSchema } } },
    async (req) => svc.listForGroup(actorOf(req), req.params.groupId));
  r.post(`${base}/accounts`, { ...pre, schema: { tags, body: accountCreateSchema, response: { 201: accountSchema } } },
    async (req, reply) => reply.status(201).send(await svc.create(actorOf(req), req.body)));
  r.get(`${base}/accounts/:id`, { ...pre, schema: { tags, params: idParams, response: { 200: accountSchema } } },
    async (req) => svc.get(actorOf(req), req.params.id));
  r.put(`${base}/accounts/:id`, { ...pre, schema: { tags, params: idParams, body: accountUpdateSchema, response: { 200: accountSchema } } },
    async (req) => svc.update(actorOf(req), req.params.id, req.body));
  r.delete(`${base}/accounts/:id`, { ...pre, schema: { tags, params: idParams } }, async (req, reply) => {
    await svc.remove(actorOf(req), req.params.id);
    return reply.status(204).send();
  });

  r.post(`${base}/account-size-normalizations`, { ...pre, schema: { tags, body: sizeNormalizationCreateSchema, response: { 201: normalizationSchema } } },
    async (req, reply) => reply.status(201).send(await svc.addSize(actorOf(req), req.body)));
  r.post(`${base}/account-price-normalizations`, { ...pre, schema: { tags, body: priceNormalizationCreateSchema, response: { 201: normalizationSchema } } },
    async (req, reply) => reply.status(201).send(await svc.addPrice(actorOf(req), req.body)));

  r.get(`${base}/weatherstations`, { ...pre, schema: { tags, response: { 200: weatherStationListSchema } } }, async () => svc.weatherStations());
  r.get(`${base}/timezones`, { ...pre, schema: { tags, response: { 200: timeZoneListSchema } } }, async () => [...svc.timeZones()]);
};
