/**
 * Builds a service package from a folder, as a release pipeline would, ready for `npm run publish-artifact`:
 *   npm run pack-service -w apps/agent -- --dir build/control --service Syrx.Services.ControlService --version 1.4.0 --entry index.mjs --out control-1.4.0.syrxpkg
 * The package format is documented in docs/service-versions.md ("Package format").
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { packDirectory, PackageError } from '../services/updater/service-package.ts';

const usage = 'Usage: npm run pack-service -w apps/agent -- --dir DIR --service ID --version X --entry FILE --out PKG';
// npm runs workspace scripts in the workspace's folder; INIT_CWD is where the user typed the command.
const cwd = z.string().min(1).catch(process.cwd()).parse(process.env.INIT_CWD);
let values: Partial<Record<'dir' | 'service' | 'version' | 'entry' | 'out', string>>;
try {
  ({ values } = parseArgs({ options: { dir: { type: 'string' }, service: { type: 'string' }, version: { type: 'string' }, entry: { type: 'string' }, out: { type: 'string' } } }));
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const { dir, service, version, entry, out } = values;
if (!dir || !service || !version || !entry || !out) {
  console.error(usage);
  process.exit(2);
}
try {
  const pkg = await packDirectory(path.resolve(cwd, dir), { service_id: service, version, entry });
  await writeFile(path.resolve(cwd, out), pkg);
  console.log(`Packed ${service} ${version} (${pkg.length} bytes) into ${path.resolve(cwd, out)}`);
} catch (err) {
  if (!(err instanceof PackageError) && !(err instanceof z.ZodError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
