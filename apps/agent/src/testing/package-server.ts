import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AgentServiceVersion, agentCredentialHeaders } from '@syrx/contracts/agent-protocol';
import { sha256Of } from './service-packages.ts';

/**
 * The server's package route as the updater sees it (GET …/syrx-controller-service-types/{id}/artifacts/{artifactId}/package
 * with the controller's credentials in headers), on a loopback port: for the updater's tests without the whole server.
 */
export async function startPackageServer(credentials: { controllerId: string; password: string }) {
  const artifacts = new Map<number, { serviceId: string; sha256: string; served: Buffer }>();
  const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    const m = /^\/api\/v2\/syrx-controller-service-types\/([^/]+)\/artifacts\/(\d+)\/package$/.exec(req.url ?? '');
    const a = m ? artifacts.get(Number(m[2])) : undefined;
    if (req.headers[agentCredentialHeaders.controllerId] !== credentials.controllerId || req.headers[agentCredentialHeaders.password] !== credentials.password) {
      res.writeHead(401).end('{"code":"unauthenticated"}');
    } else if (!m || !a || decodeURIComponent(m[1] ?? '') !== a.serviceId) {
      res.writeHead(404).end('{"code":"not_found"}');
    } else {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': a.served.length, 'x-artifact-sha256': a.sha256 }).end(a.served);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let nextId = 1;
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** Publishes a package; with `serve`, other bytes are sent than those whose sha256 was published (corruption). */
    publish(serviceId: string, version: string, bytes: Buffer, o: { serve?: Buffer } = {}): AgentServiceVersion {
      const id = nextId++;
      const sha256 = sha256Of(bytes);
      artifacts.set(id, { serviceId, sha256, served: o.serve ?? bytes });
      return { version_name: version, artifact_id: id, sha256, size: bytes.length };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PackageServer = Awaited<ReturnType<typeof startPackageServer>>;
