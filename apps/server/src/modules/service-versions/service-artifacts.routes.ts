import { create as contentDisposition } from 'content-disposition';
import { agentCredentialsOf } from '@syrx/contracts/agent-protocol';
import { AppError } from '@syrx/contracts/errors';
import { serviceVersionsRoutes as routes } from '@syrx/contracts/routes/service-versions';
import { artifactSha256Header, maxArtifactBytes } from '@syrx/contracts/service-versions';
import type { FastifyRequest } from 'fastify';
import type { GuardDeps, Routes } from '../../plugins/routes.ts';
import { serve } from '../../lib/serve-route.ts';
import type { AgentsService } from '../controllers/agents.service.ts';
import type { ServiceVersionsService } from './service-versions.service.ts';

const packageType = routes.publishArtifact.rawBody;

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
export const serviceArtifactsRoutes = (versions: ServiceVersionsService, agents: Pick<AgentsService, 'requireServiceAccess'>): Routes<GuardDeps> => (app, { guards }) => {
  const change = { preHandler: guards.requirePermission('pcs_admin') };
  const adminReader = guards.requirePermission('pcs_admin');
  const packageReader = {
    preHandler: async (req: FastifyRequest) => {
      const agent = agentCredentialsOf(req.headers);
      if (!agent) return adminReader(req);
      await agents.requireServiceAccess(agent.controllerId, agent.password, (req.params as { id: string }).id, req.ip);
    },
  };

  serve(app, routes.artifacts, { preHandler: guards.requireActor }, async (req) => versions.listArtifacts(req.params.id));
  serve(app, routes.removeArtifact, change, async (req) => versions.deleteArtifact(req.params.id, req.params.artifactId));
  // Public to the session check: an agent has no session; packageReader checks its credentials or a pcs_admin session.
  serve(app, routes.artifactPackage, { ...packageReader, config: { public: true } }, async (req, reply) => {
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
    // The session is checked before the body is read: nobody else gets to send 200 MB.
    serve(scope, routes.publishArtifact, { onRequest: guards.requirePermission('pcs_admin'), bodyLimit: maxArtifactBytes }, async (req) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError('bad_request', 415, `Send the package as the body with the content type ${packageType}.`);
      return versions.publish(req.params.id, { content: req.body, ...req.query });
    });
  });
};
