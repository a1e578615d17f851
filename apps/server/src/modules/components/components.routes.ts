import { z } from 'zod';
import { componentIdSchema, componentMatchListSchema, componentTreeSchema, typeaheadTextSchema } from '@syrx/contracts/components';
import { type Routes, typed } from '../../app-context.ts';
import type { ComponentsService } from './components.service.ts';

const base = '/api/v2/components';
const tags = ['components'];

/** The component type taxonomy (spec 02 section 7, newer base): for any signed-in user. */
export const componentsRoutes = (svc: ComponentsService): Routes => (app, { guards }) => {
  const r = typed(app);
  const pre = { preHandler: guards.requireActor };

  r.get(`${base}/schedule-tree`, { ...pre, schema: { tags, response: { 200: componentTreeSchema } } }, async () => svc.scheduleTree());
  r.get(`${base}/:id/descendents`, { ...pre, schema: { tags, params: z.object({ id: componentIdSchema }), response: { 200: componentTreeSchema } } },
    async (req) => svc.descendants(req.params.id));
  r.get(`${base}/typeahead/:text`, { ...pre, schema: { tags, params: z.object({ text: typeaheadTextSchema }), response: { 200: componentMatchListSchema } } },
    async (req) => svc.typeahead(req.params.text));
};
