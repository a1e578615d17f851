import { z } from 'zod';
import { dbIdParamSchema } from '../ids.ts';
import { route } from '../route.ts';
import {
  publishArtifactQuerySchema, serviceArtifactSchema, serviceTypeWithVersionsSchema, serviceVersionInputSchema, serviceVersionSchema,
  serviceVersionUpdateSchema,
} from '../service-versions.ts';

const tags = ['service versions'];
const serviceTypes = '/api/v2/syrx-controller-service-types';
const params = z.object({ id: z.string().min(1).max(200) });
const versionParams = params.extend({ version: z.string().min(1).max(300) });
const artifactParams = params.extend({ artifactId: dbIdParamSchema });
const version = `${serviceTypes}/:id/versions/:version`;
const artifacts = `${serviceTypes}/:id/artifacts`;

/**
 * Service types, their versions and artifacts (newer base; docs/service-versions.md): signed in to read, pcs_admin to
 * change; a package is downloaded by a pcs_admin session or by a controller's agent that has the service enabled.
 */
export const serviceVersionsRoutes = {
  /** Every service type with its versions, highest first. */
  serviceTypes: route({ method: 'GET', path: serviceTypes, tags, response: z.array(serviceTypeWithVersionsSchema) }),
  versions: route({ method: 'GET', path: `${serviceTypes}/:id/versions`, tags, params, response: z.array(serviceVersionSchema) }),
  createVersion: route({ method: 'POST', path: `${serviceTypes}/:id/versions`, tags, params, body: serviceVersionInputSchema, response: serviceVersionSchema, status: 201 }),
  version: route({ method: 'GET', path: version, tags, params: versionParams, response: serviceVersionSchema }),
  /** The artifact and the lock (one-way). */
  updateVersion: route({ method: 'PUT', path: version, tags, params: versionParams, body: serviceVersionUpdateSchema, response: serviceVersionSchema }),
  removeVersion: route({ method: 'DELETE', path: version, tags, params: versionParams, status: 204 }),

  /** Newest first. */
  artifacts: route({ method: 'GET', path: artifacts, tags, params, response: z.array(serviceArtifactSchema) }),
  /** An artifact no version uses. */
  removeArtifact: route({ method: 'DELETE', path: `${artifacts}/:artifactId`, tags, params: artifactParams, status: 204 }),
  /** The package file, with its sha256 in headers (an agent sends its controller's credentials instead of a session). */
  artifactPackage: route({ method: 'GET', path: `${artifacts}/:artifactId/package`, tags, params: artifactParams, produces: 'application/octet-stream' }),
  /** The package is the body (application/octet-stream, at most maxArtifactBytes). */
  publishArtifact: route({
    method: 'POST', path: artifacts, tags, params, query: publishArtifactQuerySchema, rawBody: 'application/octet-stream',
    response: serviceArtifactSchema, status: 201,
  }),
};
