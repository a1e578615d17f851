import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AppError } from '@syrx/contracts/errors';
import { publishArtifactQuerySchema } from '@syrx/contracts/service-versions';
import type { ServiceVersionsService } from './service-versions.service.ts';

export const publishUsage = 'Usage: npm run publish-artifact -- --service ID --version X --file PKG [--git-revision REV] [--lock]';

/** What `npm run publish-artifact` was asked to do, or why it cannot be done. */
export type PublishRequest =
  | { ok: true; service: string; file: string; query: ReturnType<typeof publishArtifactQuerySchema.parse> }
  | { ok: false; error: string };

/**
 * Reads the command line (the API's query schema checks it, so the version must be a valid semver version);
 * `cwd` is where the user ran npm, against which a relative --file is resolved.
 */
export function parsePublishArgs(argv: string[], cwd: string): PublishRequest {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { service: { type: 'string' }, version: { type: 'string' }, file: { type: 'string' }, 'git-revision': { type: 'string' }, lock: { type: 'boolean', default: false } },
    }));
  } catch (err) {
    return { ok: false, error: `${(err as Error).message}\n${publishUsage}` };
  }
  const missing = (['service', 'version', 'file'] as const).filter((k) => !values[k]);
  if (missing.length > 0) return { ok: false, error: `Missing ${missing.map((k) => `--${k}`).join(', ')}\n${publishUsage}` };
  const file = path.resolve(cwd, values.file ?? '');
  const query = publishArtifactQuerySchema.safeParse({
    version_name: values.version, git_revision: values['git-revision'], file_name: path.basename(file), is_locked: values.lock ? 'true' : 'false',
  });
  if (!query.success) return { ok: false, error: query.error.issues.map((i) => `${i.path.join('.') || 'argument'}: ${i.message}`).join('\n') };
  return { ok: true, service: values.service ?? '', file, query: query.data };
}

/**
 * Stores the package and creates its version through the same service code as POST …/artifacts?version_name=
 * (same checks, 409 on a duplicate version, nothing stored then). Resolves with the line to print.
 */
export async function publishArtifact(versions: ServiceVersionsService, req: Extract<PublishRequest, { ok: true }>): Promise<string> {
  const content = await readFile(req.file).catch((err: NodeJS.ErrnoException) => {
    throw AppError.badRequest(`Cannot read ${req.file}: ${err.code ?? err.message}`);
  });
  const a = await versions.publish(req.service, { content, ...req.query });
  const version = a.syrx_controller_service_versions.find((v) => v.version_name === req.query.version_name);
  return `Published ${a.service_id} ${req.query.version_name}${version?.is_locked ? ' (locked)' : ''}: artifact ${a.id}, ${a.size} bytes, sha256 ${a.sha256}`;
}
