import { createHash } from 'node:crypto';
import { packServicePackage } from '../services/updater/service-package.ts';

/**
 * Packages of a controller service for tests, built as a release pipeline would (docs/service-versions.md): a real
 * Node program that speaks the health protocol, or one that cannot start.
 */
export const sha256Of = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** Starts, prints a line, answers health checks "healthy" and ends when the agent goes away. */
export function healthyServicePackage(serviceId: string, version: string): Buffer {
  const program = `
const { SYRX_SERVICE_ID: id, SYRX_SERVICE_VERSION: version } = process.env;
console.log(\`\${id} \${version} started\`);
process.on('message', (m) => {
  if (m && m.type === 'syrx:health') process.send({ type: 'syrx:health', status: 'healthy' });
});
process.on('disconnect', () => process.exit(0));
setInterval(() => undefined, 60_000);
`;
  return packServicePackage({ service_id: serviceId, version, entry: 'bin/service.mjs' }, { 'bin/service.mjs': program, 'README.txt': `${serviceId} ${version}\n` });
}

/** Fails at start: an exception whose message the rollback's reason shows. */
export function brokenServicePackage(serviceId: string, version: string, message = 'broken build: the configuration file is missing'): Buffer {
  return packServicePackage({ service_id: serviceId, version, entry: 'service.mjs' }, { 'service.mjs': `throw new Error(${JSON.stringify(message)});\n` });
}

/** Runs but never answers a health check (a hung start-up). */
export function silentServicePackage(serviceId: string, version: string): Buffer {
  return packServicePackage({ service_id: serviceId, version, entry: 'service.mjs' }, { 'service.mjs': `process.on('disconnect', () => process.exit(0));\nsetInterval(() => undefined, 60_000);\n` });
}
