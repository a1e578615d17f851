/**
 * Publishes a service package and its version, as a build pipeline would:
 *   npm run publish-artifact -- --service ID --version X --file PKG [--git-revision REV] [--lock]
 * Same checks as the API (docs/service-versions.md). With the embedded database, stop the server first (one process
 * owns the data directory); with DATABASE_URL it can run beside the server.
 */
import { z } from 'zod';
import { AppError } from '@syrx/contracts/errors';
import { parsePublishArgs, publishArtifact } from '../modules/service-versions/publish-artifact.command.ts';
import { createServiceVersionsService } from '../modules/service-versions/service-versions.service.ts';
import { withDatabase } from './with-database.ts';

// npm runs workspace scripts in the workspace's folder; INIT_CWD is where the user typed the command.
const request = parsePublishArgs(process.argv.slice(2), z.string().min(1).catch(process.cwd()).parse(process.env.INIT_CWD));
if (!request.ok) {
  console.error(request.error);
  process.exit(2);
}

try {
  console.log(await withDatabase((db) => publishArtifact(createServiceVersionsService(db), request)));
} catch (err) {
  if (!(err instanceof AppError)) throw err;
  const fields = (err.fields ?? []).filter((f) => f.message !== err.message).map((f) => `${f.field}: ${f.message}`);
  console.error(fields.length > 0 ? `${err.message} (${fields.join('; ')})` : err.message);
  process.exitCode = 1;
}
