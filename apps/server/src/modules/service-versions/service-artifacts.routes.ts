import { create as contentDisposition } from 'content-disposition';
import { z } from 'zod';
import { agentCredentialsOf } from '@syrx/contracts/agent-protocol';
import { AppError } from '@syrx/contracts/errors';
import { artifactSha256Header, maxArtifactBytes, publishArtifactQuerySchema, serviceArtifactSchema } from '@syrx/contracts/service-versions';
import type { FastifyRequest } from 'fastify';
import { type Routes, typed } from '../../app-context.ts';
import type { AgentsService } from '../controllers/agents.service.ts';
import type { ServiceVersionsService } from './service-versions.service.ts';
import { serviceParams, serviceTypesPath } from './service-versions.routes.ts';
import { dbIdParamSchema } from '@syrx/contracts/ids';

const packageType = 'application/octet-stream';
const artifactParams = serviceParams.extend({ artifactId: dbIdParamSchema });

/**
 * The Content-Disposition of a package download: a plain ASCII name as it is; any other name as an ASCII fallback
 * (accents dropped, other characters as `_`) in `filename` and the exact name in RFC 5987 `filename*`, which browsers
 * and curl prefer (a raw non-Latin-1 character in a header made Node refuse the response: 500).
 */
function attachment(fileName: string): string {
  if (/^[\x20-\x7e]*$/.test(fileName)) return contentDisposition(fileName);
  const fallback = fileName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '_');
  return contentDisposition(fileName, { fallback });
}

/** Whether a package download is an agent's: it sent controller credentials (agentCredentialHeaders). */
const isAgent = (req: FastifyRequest) => agentCredentialsOf(req.headers) !== null;

/**
 * Artifacts (built packages) of a service type: the list (signed in), publishing one with the package as the body
 * (application/octet-stream, at most 200 MB; pcs_admin), deleting an unused one and downloading the package — by a
 * pcs_admin session, or by a controller's agent (its id and password in headers) that has the service enabled.
 */
export const serviceArtifactsRoutes = (versions: ServiceVersionsService, agents: Pick<AgentsService, 'requireServiceAccess'>): Routes => (app, { guards }) => {
  const tags = ['service versions'];
  const artifacts = `${serviceTypesPath}/:id/artifacts`;
  const change = { preHandler: guards.requirePermission('pcs_admin') };
  const adminReader = guards.requirePermission('pcs_admin');
  const packageReader = {
    preHandler: async (req: FastifyRequest) => {
      const agent = agentCredentialsOf(req.headers);
      if (!agent) return adminReader(req);
      await agents.requireServiceAccess(agent.controllerId, agent.password, (req.params as { id: string }).id, req.ip);
    },
  };

  typed(app).get(artifacts, { preHandler: guards.requireActor, schema: { tags, params: serviceParams, response: { 200: z.array(serviceArtifactSchema) } } },
    async (req) => versions.listArtifacts(req.params.id));
  typed(app).delete(`${artifacts}/:artifactId`, { ...change, schema: { tags, params: artifactParams } }, async (req, reply) => {
    await versions.deleteArtifact(req.params.id, req.params.artifactId);
    return reply.status(204).send();
  });
  // Public to the session check: an agent has no session; packageReader checks its credentials or a pcs_admin session.
  typed(app).get(`${artifacts}/:artifactId/package`, { ...packageReader, config: { public: true }, schema: { tags, params: artifactParams } }, async (req, reply) => {
    const p = await versions.download(req.params.id, req.params.artifactId, { publishedOnly: isAgent(req) });
    return reply
      .header('content-type', packageType)
      .header('content-length', String(p.size))
      .header('content-disposition', attachment(p.fileName))
      .header(artifactSha256Header, p.sha256)
      .header('repr-digest', `sha-256=:${Buffer.from(p.sha256, 'hex').toString('base64')}:`)
      .header('etag', `"${p.sha256}"`)
      .send(p.stream());
  });

  // The package parser and the larger body limit apply to publishing only.
  void app.register(async (scope) => {
    scope.addContentTypeParser(packageType, { parseAs: 'buffer', bodyLimit: maxArtifactBytes }, (_req, body, done) => done(null, body));
    typed(scope).post(artifacts, {
      // Checked before the body is read: nobody else gets to send 200 MB.
      onRequest: guards.requirePermission('pcs_admin'),
      bodyLimit: maxArtifactBytes,
      schema: { tags, params: serviceParams, querystring: publishArtifactQuerySchema, response: { 201: serviceArtifactSchema } },
    }, async (req, reply) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError('bad_request', 415, `Send the package as the body with the content type ${packageType}.`);
      return reply.status(201).send(await versions.publish(req.params.id, { content: req.body, ...req.query }));
    });
  });
};
