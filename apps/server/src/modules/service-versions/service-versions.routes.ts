import { z } from 'zod';
import {
  serviceTypeWithVersionsSchema, serviceVersionInputSchema, serviceVersionSchema, serviceVersionUpdateSchema,
} from '@syrx/contracts/service-versions';
import { type Routes, typed } from '../../app-context.ts';
import type { ServiceVersionsService } from './service-versions.service.ts';

export const serviceTypesPath = '/api/v2/syrx-controller-service-types';
export const serviceParams = z.object({ id: z.string().min(1).max(200) });
const versionParams = serviceParams.extend({ version: z.string().min(1).max(300) });

/** Service types and their versions (newer base): signed in to read, pcs_admin to change. */
export const serviceVersionsRoutes = (versions: ServiceVersionsService): Routes => (app, { guards }) => {
  const r = typed(app);
  const read = { preHandler: guards.requireActor };
  const change = { preHandler: guards.requirePermission('pcs_admin') };
  const tags = ['service versions'];
  const one = `${serviceTypesPath}/:id/versions/:version`;

  r.get(serviceTypesPath, { ...read, schema: { tags, response: { 200: z.array(serviceTypeWithVersionsSchema) } } }, async () => versions.serviceTypes());
  r.get(`${serviceTypesPath}/:id/versions`, { ...read, schema: { tags, params: serviceParams, response: { 200: z.array(serviceVersionSchema) } } },
    async (req) => versions.listVersions(req.params.id));
  r.post(`${serviceTypesPath}/:id/versions`, { ...change, schema: { tags, params: serviceParams, body: serviceVersionInputSchema, response: { 201: serviceVersionSchema } } },
    async (req, reply) => reply.status(201).send(await versions.createVersion(req.params.id, req.body)));
  r.get(one, { ...read, schema: { tags, params: versionParams, response: { 200: serviceVersionSchema } } },
    async (req) => versions.getVersion(req.params.id, req.params.version));
  r.put(one, { ...change, schema: { tags, params: versionParams, body: serviceVersionUpdateSchema, response: { 200: serviceVersionSchema } } },
    async (req) => versions.updateVersion(req.params.id, req.params.version, req.body));
  r.delete(one, { ...change, schema: { tags, params: versionParams } }, async (req, reply) => {
    await versions.deleteVersion(req.params.id, req.params.version);
    return reply.status(204).send();
  });
};
