import { z } from 'zod';
import {
  controllerSizeInputSchema, controllerSizeListSchema, controllerSizeSchema, nodeCategoryInputSchema, nodeCategoryListSchema, nodeCategorySchema,
  nodeTypeInputSchema, nodeTypeListSchema, nodeTypeSchema, purchasingIdSchema,
} from '@syrx/contracts/purchasing';
import { type Routes, typed } from '../../app-context.ts';
import { actorOf } from '../../plugins/session.ts';
import type { CatalogueService } from './catalogue.service.ts';

const base = '/api/v2';
const tags = ['purchasing'];
const params = z.object({ id: purchasingIdSchema });

/**
 * The purchasing catalogue (spec 02 section 7): GET for any signed-in user; POST, PUT and DELETE need
 * syrx_categories_manage (checked in the service).
 */
export const catalogueRoutes = (svc: CatalogueService): Routes => (app, { guards }) => {
  const r = typed(app);
  const pre = { preHandler: guards.requireActor };

  r.get(`${base}/syrx-controller-sizes`, { ...pre, schema: { tags, response: { 200: controllerSizeListSchema } } }, async () => svc.sizes());
  r.post(`${base}/syrx-controller-sizes`, { ...pre, schema: { tags, body: controllerSizeInputSchema, response: { 201: controllerSizeSchema } } },
    async (req, reply) => reply.status(201).send(await svc.createSize(actorOf(req), req.body)));
  r.put(`${base}/syrx-controller-sizes/:id`, { ...pre, schema: { tags, params, body: controllerSizeInputSchema, response: { 200: controllerSizeSchema } } },
    async (req) => svc.updateSize(actorOf(req), req.params.id, req.body));
  r.delete(`${base}/syrx-controller-sizes/:id`, { ...pre, schema: { tags, params } }, async (req, reply) => {
    await svc.deleteSize(actorOf(req), req.params.id);
    return reply.status(204).send();
  });

  r.get(`${base}/syrx-controller-node-categories`, { ...pre, schema: { tags, response: { 200: nodeCategoryListSchema } } }, async () => svc.categories());
  r.post(`${base}/syrx-controller-node-categories`, { ...pre, schema: { tags, body: nodeCategoryInputSchema, response: { 201: nodeCategorySchema } } },
    async (req, reply) => reply.status(201).send(await svc.createCategory(actorOf(req), req.body)));
  r.put(`${base}/syrx-controller-node-categories/:id`, { ...pre, schema: { tags, params, body: nodeCategoryInputSchema, response: { 200: nodeCategorySchema } } },
    async (req) => svc.updateCategory(actorOf(req), req.params.id, req.body));
  r.delete(`${base}/syrx-controller-node-categories/:id`, { ...pre, schema: { tags, params } }, async (req, reply) => {
    await svc.deleteCategory(actorOf(req), req.params.id);
    return reply.status(204).send();
  });

  r.get(`${base}/syrx-controller-node-types`, { ...pre, schema: { tags, response: { 200: nodeTypeListSchema } } }, async () => svc.nodeTypes());
  r.post(`${base}/syrx-controller-node-types`, { ...pre, schema: { tags, body: nodeTypeInputSchema, response: { 201: nodeTypeSchema } } },
    async (req, reply) => reply.status(201).send(await svc.createNodeType(actorOf(req), req.body)));
  r.put(`${base}/syrx-controller-node-types/:id`, { ...pre, schema: { tags, params, body: nodeTypeInputSchema, response: { 200: nodeTypeSchema } } },
    async (req) => svc.updateNodeType(actorOf(req), req.params.id, req.body));
  r.delete(`${base}/syrx-controller-node-types/:id`, { ...pre, schema: { tags, params } }, async (req, reply) => {
    await svc.deleteNodeType(actorOf(req), req.params.id);
    return reply.status(204).send();
  });
};
