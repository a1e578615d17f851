/**
 * `npm run typecheck`: every project of the repository (each workspace's tsconfig.json, and tools/) checked by
 * TypeScript 7, the native compiler (the devDependency typescript-7), one project after another; it checks on both
 * cores itself. ESLint's typed rules still use TypeScript 6's API (`typescript`), which typescript-eslint needs; the two
 * share the language, and 7 checks the tree in about a quarter of 6's time (docs/decisions.md "Type checks with TypeScript 7").
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin/tsc');
const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };

let failed = 0;
for (const project of [...workspaces, 'tools']) {
  const started = performance.now();
  const r = spawnSync(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root, stdio: 'inherit' });
  console.log(`${project}: ${r.status === 0 ? 'ok' : 'errors'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
