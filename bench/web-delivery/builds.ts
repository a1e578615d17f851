/** The two builds bench/web-delivery.ts compares: the working tree's web app and a baseline commit's. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds the web app in `webDir` into `outDir`; how many milliseconds it took. */
export function viteBuild(webDir: string, outDir: string): number {
  const started = performance.now();
  execFileSync(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: webDir, stdio: ['ignore', 'ignore', 'inherit'] });
  return performance.now() - started;
}

/** REF's web app and contracts in `dir`, with this checkout's installed packages beside them. */
export function checkOutBaseline(ref: string, dir: string): void {
  mkdirSync(dir, { recursive: true });
  const tar = execFileSync('git', ['archive', '--format=tar', ref, 'apps/web', 'packages/contracts', 'tsconfig.base.json', 'package.json'], { cwd: repoRoot, maxBuffer: 512 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  // node_modules: each installed package linked, but @syrx/contracts is REF's (the root's link leads to this checkout's).
  mkdirSync(path.join(dir, 'node_modules/@syrx'), { recursive: true });
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry === '@syrx' || entry === '.bin') continue;
    symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(dir, 'node_modules', entry));
  }
  symlinkSync(path.join(dir, 'packages/contracts'), path.join(dir, 'node_modules/@syrx/contracts'));
  for (const ws of ['apps/web', 'packages/contracts']) {
    const own = path.join(repoRoot, ws, 'node_modules');
    if (existsSync(own)) symlinkSync(own, path.join(dir, ws, 'node_modules'));
  }
}
