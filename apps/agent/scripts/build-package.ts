/**
 * `npm run build:agent [-- --out DIR] [--version X]`: the installable agent, for this machine's architecture.
 *   DIR/syrx-agent-<version>.tar.gz          syrx-agent/ (launcher, lib/syrx-agent.mjs, native modules, unit, install.sh, README.md)
 *   DIR/syrx-agent_<version>_<arch>.deb      the same under /opt/syrx-agent, /usr/bin/syrx-agent and the unit (dpkg-deb)
 *   DIR/syrx-agent-<version>.syrxpkg         the same folder as a package of Syrx.UpdaterService, for the agents to update
 *                                            themselves to (npm run publish-artifact -- --service Syrx.UpdaterService …)
 * The version is the sources' (agentVersion) unless --version gives another (a release pipeline's build number).
 * DIR defaults to dist/agent at the repository's root. docs/agent-install.md describes what they install.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { serviceIds } from '@syrx/contracts/services';
import { agentVersion as sourceVersion } from '../src/agent.ts';
import { packDirectory } from '../src/services/updater/service-package.ts';

const agentDir = resolve(import.meta.dirname, '..');
const packagingDir = join(agentDir, 'packaging');
const { values } = parseArgs({ options: { out: { type: 'string', default: resolve(agentDir, '../../dist/agent') }, version: { type: 'string', default: sourceVersion } } });
const outDir = resolve(values.out);
const agentVersion = values.version;
if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(agentVersion)) throw new Error(`--version: expected a semver version such as 1.2.0, not ${agentVersion}`);

/** Packages with a compiled part: left out of the bundle and shipped as files (with what they require at run time). */
const nativeModules = ['classic-level', 'node-pty'];
/** Needed only to compile a native module, or optional speed-ups the bundle does without. */
const buildOnly = new Set(['node-addon-api', 'napi-macros', 'bufferutil', 'utf-8-validate']);
const debArch = { x64: 'amd64', arm64: 'arm64', arm: 'armhf' }[process.arch as string] ?? process.arch;
const prebuildDir = `${process.platform}-${process.arch}`;

const stage = mkdtempSync(join(tmpdir(), 'syrx-agent-build-'));
try {
  const root = join(stage, 'syrx-agent');
  await bundle(root);
  for (const dir of nativeClosure()) copyPackage(dir, join(root, 'node_modules', packageName(dir)));
  for (const file of ['syrx-agent', 'syrx-agent.service', 'install.sh', 'README.md']) cpSync(join(packagingDir, file), join(root, file));
  for (const file of ['syrx-agent', 'install.sh']) chmodSync(join(root, file), 0o755);
  writeFileSync(join(root, 'VERSION'), `${agentVersion}\n`);

  mkdirSync(outDir, { recursive: true });
  const tarball = join(outDir, `syrx-agent-${agentVersion}.tar.gz`);
  execFileSync('tar', ['--owner=0', '--group=0', '--numeric-owner', '-czf', tarball, '-C', stage, 'syrx-agent']);
  const deb = buildDeb(root);
  const selfUpdate = join(outDir, `syrx-agent-${agentVersion}.syrxpkg`);
  writeFileSync(selfUpdate, await packDirectory(root, { service_id: serviceIds.updater, version: agentVersion, entry: 'lib/syrx-agent.mjs' }));
  console.log([tarball, deb, selfUpdate].map((f) => relative(process.cwd(), f)).join('\n'));
} finally {
  rmSync(stage, { recursive: true, force: true });
}

/** One ES module with everything but the native modules; CommonJS dependencies get a require and __dirname of its own. */
async function bundle(root: string): Promise<void> {
  await build({
    entryPoints: [join(agentDir, 'src/cli/agent-cli.ts')],
    outfile: join(root, 'lib/syrx-agent.mjs'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: [...nativeModules, ...buildOnly],
    legalComments: 'none',
    define: { SYRX_AGENT_VERSION: JSON.stringify(agentVersion) },
    logLevel: 'warning',
    banner: {
      js: [
        "import { createRequire as __syrxRequire } from 'node:module';",
        "import { fileURLToPath as __syrxPath } from 'node:url';",
        'const require = __syrxRequire(import.meta.url);',
        'const __filename = __syrxPath(import.meta.url);',
        "const __dirname = __filename.replace(/[\\\\/][^\\\\/]*$/, '');",
      ].join('\n'),
    },
  });
}

/** The folders of the native modules and of every package they require at run time, as Node resolves them from here. */
function nativeClosure(): string[] {
  const found = new Map<string, string>();
  const visit = (name: string, from: string) => {
    if (found.has(name) || buildOnly.has(name)) return;
    const dir = packageDirOf(name, from);
    found.set(name, dir);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, dir);
  };
  for (const name of nativeModules) visit(name, agentDir);
  return [...found.values()];
}

function packageDirOf(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`Cannot find the package ${name} (from ${from}); run npm install first.`);
  }
}

function packageName(dir: string): string {
  return dir.split(`${sep}node_modules${sep}`).pop() as string;
}

/** A package's files a running agent needs: its compiled binding for this platform, not its sources, tests or other platforms' builds. */
function copyPackage(from: string, to: string): void {
  const skipped = /^(deps|src|third_party|scripts|test|tests|typings|node-addon-api)$/;
  cpSync(from, to, {
    recursive: true,
    filter: (source) => {
      const rel = relative(from, source);
      if (rel === '') return true;
      const parts = rel.split(sep);
      if (skipped.test(parts[0] ?? '') || parts.includes('node_modules')) return false;
      if (parts[0] === 'prebuilds' && parts.length > 1 && parts[1] !== prebuildDir) return false;
      if (parts[0] === 'build' && parts.length > 1 && !(parts[1] === 'Release' && (parts.length === 2 || source.endsWith('.node')))) return false;
      return !/\.(map|cc|h|gyp|gypi|md|ts)$|\.test\.js$/.test(basename(source)) || /^LICENSE/.test(basename(source));
    },
  });
}

/** The .deb: the same files under /opt/syrx-agent, the command on PATH, the unit, and scripts that add the user and enable it. */
function buildDeb(root: string): string {
  const debRoot = join(stage, 'deb');
  cpSync(root, join(debRoot, 'opt/syrx-agent'), { recursive: true });
  mkdirSync(join(debRoot, 'usr/bin'), { recursive: true });
  symlinkSync('/opt/syrx-agent/syrx-agent', join(debRoot, 'usr/bin/syrx-agent'));
  mkdirSync(join(debRoot, 'lib/systemd/system'), { recursive: true });
  cpSync(join(root, 'syrx-agent.service'), join(debRoot, 'lib/systemd/system/syrx-agent.service'));
  const control = join(debRoot, 'DEBIAN');
  mkdirSync(control);
  for (const script of ['postinst', 'prerm', 'postrm']) {
    cpSync(join(packagingDir, 'deb', script), join(control, script));
    chmodSync(join(control, script), 0o755);
  }
  const installedKb = execFileSync('du', ['-sk', '--exclude=DEBIAN', debRoot], { encoding: 'utf8' }).split('\t')[0];
  writeFileSync(join(control, 'control'), [
    'Package: syrx-agent',
    `Version: ${agentVersion}`,
    `Architecture: ${debArch}`,
    'Maintainer: Syrx <support@syrx.local>',
    `Installed-Size: ${installedKb}`,
    'Section: net',
    'Priority: optional',
    'Depends: passwd',
    'Recommends: nodejs (>= 20)',
    'Description: Syrx controller agent',
    ' The program on a Syrx controller: one authenticated connection to the Syrx console and the',
    ' services that do the BACnet/IP work. Runs on the system\'s Node.js 20 or newer.',
    '',
  ].join('\n'));
  const deb = join(outDir, `syrx-agent_${agentVersion}_${debArch}.deb`);
  try {
    execFileSync('dpkg-deb', ['--root-owner-group', '-Zxz', '--build', debRoot, deb], { stdio: ['ignore', 'ignore', 'inherit'] });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('dpkg-deb is missing: apt-get install dpkg (Debian) to build the .deb.', { cause: err });
    throw err;
  }
  return deb;
}
