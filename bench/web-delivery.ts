/**
 * Delivery of the web app (issue 24): what a browser downloads for the sign-in page and the controller page, and how
 * long a fresh load of the controller page takes until its tree shows, for the current build against a baseline build
 * of an earlier commit, in the same run.
 *
 *   npm run bench:web-delivery -- [--baseline-ref REF] [--runs N] [--no-baseline]
 *
 * The baseline is REF's apps/web and packages/contracts taken out with `git archive` into a temporary directory (no
 * worktree, stash or checkout: the working tree and .git are left alone), built there with this checkout's
 * node_modules (symlinked; @syrx/contracts pointed at REF's copy). The current build is the working tree's apps/web,
 * built into another temporary directory (apps/web/dist is left alone). Both are served by the real server of this
 * checkout (apps/server, embedded PGlite, DEMO data, one process per build on its own data directory), so the server
 * code is the same and only the build differs: a baseline build has no .br/.gz files, and the server then sends the
 * files uncompressed, as the baseline's own server did. The hashed assets' Cache-Control cannot matter here: every
 * load is in a fresh browser context (empty cache, no cookies).
 *
 * Per build and route, in headless Chromium, runs interleaved (baseline, current, baseline, …): the transferred bytes
 * of script and style sheets (CDP Network.loadingFinished encodedDataLength: headers and compressed bodies), their
 * request count, and for the controller page (signed in as the admin through the API first) the time from navigation
 * start to the first node of the controller tree. Medians with min–max; targets PASS/FAIL; current/baseline ratios.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { serverNodeFlags } from '@syrx/server/node-flags';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The commit before route splitting and compressed delivery (issue 24). */
const defaultBaselineRef = 'dcaf2bf';
const admin = { username: 'bench-admin', password: 'bench-admin-password-1' };
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const targets = { signInKb: 250, treeMs: 1500 };

const { values: args } = parseArgs({
  options: {
    'baseline-ref': { type: 'string', default: defaultBaselineRef },
    runs: { type: 'string', default: '5' },
    'no-baseline': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    timeline: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(args.runs));

const work = mkdtempSync(path.join(os.tmpdir(), 'syrx-web-delivery-'));
const children: ChildProcess[] = [];
const cleanup = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  if (!args.keep) rmSync(work, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

const log = (line: string) => console.error(`[bench] ${line}`);

function viteBuild(webDir: string, outDir: string): number {
  const started = performance.now();
  execFileSync(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: webDir, stdio: ['ignore', 'ignore', 'inherit'] });
  return performance.now() - started;
}

/** REF's web app and contracts in `dir`, with this checkout's installed packages beside them. */
function checkOutBaseline(ref: string, dir: string): void {
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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Served {
  name: string;
  url: string;
}

async function startServer(name: string, dist: string): Promise<Served> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...serverNodeFlags, '--import', 'tsx', fileURLToPath(import.meta.resolve('@syrx/server/main'))], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(work, `data-${name}`),
      WEB_DIST_DIR: dist,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      DEMO: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the ${name} server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return { name, url };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the ${name} server did not answer /api/health within 120 s`);
}

/** Signs the context in as the admin through the API (the XSRF cookie of GET /api/Login, then POST). */
async function signIn(context: BrowserContext, url: string): Promise<void> {
  await context.request.get(`${url}/api/Login`);
  const csrf = (await context.cookies(url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await context.request.post(`${url}/api/Login`, { data: { ...admin, token: null }, headers: { 'x-xsrf-token': csrf } });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
}

/** A controller in the admin's tree (the demo data has groups but no controller without the launcher's demo building). */
async function ensureController(browser: Browser, url: string): Promise<void> {
  const context = await browser.newContext();
  try {
    await signIn(context, url);
    const list = await context.request.get(`${url}/api/SyrxControllers?take=10`);
    if (((await list.json()) as unknown[]).length > 0) return;
    const csrf = (await context.cookies(url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const created = await context.request.post(`${url}/api/SyrxControllers`, { data: { name: 'Bench controller' }, headers: { 'x-xsrf-token': csrf } });
    if (!created.ok()) throw new Error(`creating a controller failed: ${created.status()} ${await created.text()}`);
  } finally {
    await context.close();
  }
}

interface Load {
  scriptStyleBytes: number;
  requests: number;
  allBytes: number;
  encodings: Set<string>;
  treeMs?: number;
  /** Each request's start and end (ms since the navigation started) and URL. */
  timeline: { start: number; end: number; url: string }[];
}

const routes = {
  signIn: { label: 'sign-in page (/login)', path: '/login', signedIn: false },
  controllers: { label: 'controller page (/admin/syrx-controllers)', path: '/admin/syrx-controllers', signedIn: true },
} as const;
type RouteKey = keyof typeof routes;

/** One fresh load of a route in a new context (empty cache): bytes of script and style, and the tree's time. */
async function load(browser: Browser, served: Served, key: RouteKey): Promise<Load> {
  const route = routes[key];
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    if (route.signedIn) await signIn(context, served.url);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const types = new Map<string, string>();
    const result: Load = { scriptStyleBytes: 0, requests: 0, allBytes: 0, encodings: new Set(), timeline: [] };
    const starts = new Map<string, { t: number; url: string }>();
    let t0: number | undefined;
    cdp.on('Network.requestWillBeSent', (e) => {
      t0 ??= e.timestamp;
      starts.set(e.requestId, { t: e.timestamp, url: e.request.url });
    });
    cdp.on('Network.responseReceived', (e) => {
      types.set(e.requestId, e.type);
      if (e.type === 'Script' || e.type === 'Stylesheet') result.encodings.add(e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'identity');
    });
    cdp.on('Network.loadingFinished', (e) => {
      result.allBytes += e.encodedDataLength;
      const start = starts.get(e.requestId);
      if (start && t0 !== undefined) result.timeline.push({ start: (start.t - t0) * 1000, end: (e.timestamp - t0) * 1000, url: start.url.replace(served.url, '') });
      const type = types.get(e.requestId);
      if (type === 'Script' || type === 'Stylesheet') {
        result.scriptStyleBytes += e.encodedDataLength;
        result.requests += 1;
      }
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await page.goto(`${served.url}${route.path}`, { waitUntil: 'commit' });
    if (key === 'controllers') {
      // Milliseconds since the navigation started, read in the frame where the tree's first node appears.
      // A function, not a string: the page's Content-Security-Policy forbids eval. (The bench compiles without DOM types.)
      const treeShown = (selector: string) => ((globalThis as unknown as { document: { querySelector(s: string): unknown } }).document.querySelector(selector) ? performance.now() : 0);
      const handle = await page.waitForFunction(treeShown, '[aria-label="Syrx controller tree"] [data-testid="tree-node-controller"]', { polling: 'raf', timeout: 30_000 });
      result.treeMs = Number(await handle.jsonValue());
    } else {
      await page.getByLabel('Username').waitFor({ timeout: 30_000 });
    }
    await page.waitForLoadState('networkidle');
    return result;
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const spread = (xs: number[], f: (x: number) => string) => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;

async function main(): Promise<void> {
  const started = performance.now();
  const builds: { name: string; dist: string }[] = [];
  if (!args['no-baseline']) {
    const ref = execFileSync('git', ['rev-parse', '--short', args['baseline-ref']], { cwd: repoRoot, encoding: 'utf8' }).trim();
    const dir = path.join(work, 'baseline');
    log(`building the baseline (${ref}) in ${dir}`);
    checkOutBaseline(ref, dir);
    const ms = viteBuild(path.join(dir, 'apps/web'), path.join(work, 'dist-baseline'));
    log(`baseline built in ${(ms / 1000).toFixed(1)} s`);
    builds.push({ name: `baseline ${ref}`, dist: path.join(work, 'dist-baseline') });
  }
  log('building the working tree');
  const ms = viteBuild(path.join(repoRoot, 'apps/web'), path.join(work, 'dist-current'));
  log(`current built in ${(ms / 1000).toFixed(1)} s`);
  builds.push({ name: 'current', dist: path.join(work, 'dist-current') });

  log('starting the servers');
  const servers = await Promise.all(builds.map((b, i) => startServer(i === builds.length - 1 ? 'current' : 'baseline', b.dist).then((s) => ({ ...s, name: b.name }))));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    for (const s of servers) await ensureController(browser, s.url);
    // One unmeasured load of each: the servers' first answers (their database, their file lists) are no delivery.
    for (const s of servers) for (const key of Object.keys(routes) as RouteKey[]) await load(browser, s, key);

    const results = new Map<string, Load[]>();
    for (let run = 0; run < runs; run += 1) {
      for (const key of Object.keys(routes) as RouteKey[]) {
        for (const s of servers) {
          const r = await load(browser, s, key);
          const k = `${s.name}|${key}`;
          results.set(k, [...(results.get(k) ?? []), r]);
        }
      }
      log(`run ${run + 1}/${runs} done`);
    }

    console.log('\nDelivery of the web app (bench/web-delivery.ts)');
    console.log(`  Chromium ${browser.version()} headless; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}); Node ${process.version}; ${runs} runs per build and route, interleaved, each in a fresh context (empty cache)`);
    console.log('  served by the real server (apps/server of this checkout, @fastify/static preCompressed: .br/.gz where the build has them)');
    for (const key of Object.keys(routes) as RouteKey[]) {
      console.log(`\n${routes[key].label}`);
      const medians = new Map<string, { bytes: number; tree: number | undefined }>();
      for (const s of servers) {
        const rs = results.get(`${s.name}|${key}`) ?? [];
        const bytes = rs.map((r) => r.scriptStyleBytes);
        const trees = rs.flatMap((r) => (r.treeMs === undefined ? [] : [r.treeMs]));
        const encodings = [...new Set(rs.flatMap((r) => [...r.encodings]))].join('/');
        medians.set(s.name, { bytes: median(bytes), tree: trees.length ? median(trees) : undefined });
        const tree = trees.length ? `; time to the tree ${median(trees).toFixed(0)} ms (${spread(trees, (x) => x.toFixed(0))})` : '';
        console.log(`  ${s.name.padEnd(18)} script+style ${kb(median(bytes))} (${spread(bytes, kb)}) in ${median(rs.map((r) => r.requests))} requests, ${encodings}; all ${kb(median(rs.map((r) => r.allBytes)))}${tree}`);
      }
      const current = medians.get('current')!;
      const baseline = servers.length > 1 ? medians.get(servers[0]!.name) : undefined;
      if (baseline) {
        const ratio = `current/baseline: bytes ×${(current.bytes / baseline.bytes).toFixed(2)}`;
        console.log(`  ${ratio}${current.tree !== undefined && baseline.tree ? `, time to the tree ×${(current.tree / baseline.tree).toFixed(2)}` : ''}`);
      }
      if (key === 'signIn') console.log(`  target: ≤ ${targets.signInKb} KB of script and style: ${current.bytes <= targets.signInKb * 1024 ? 'PASS' : 'FAIL'} (${kb(current.bytes)})`);
      if (key === 'controllers' && current.tree !== undefined) console.log(`  target: the tree in < ${targets.treeMs} ms: ${current.tree < targets.treeMs ? 'PASS' : 'FAIL'} (${current.tree.toFixed(0)} ms)`);
    }
    if (args.timeline) {
      for (const s of servers) {
        const last = results.get(`${s.name}|controllers`)?.at(-1);
        console.log(`\nrequests of the last controller page load, ${s.name} (ms since the first request; tree at ${last?.treeMs?.toFixed(0)} ms since navigation start)`);
        for (const r of [...(last?.timeline ?? [])].sort((a, b) => a.start - b.start)) console.log(`  ${r.start.toFixed(0).padStart(5)}–${r.end.toFixed(0).padEnd(5)} ${r.url}`);
      }
    }
    console.log(`\n(${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
  } finally {
    await browser.close();
  }
}

try {
  await main();
} finally {
  cleanup();
}
