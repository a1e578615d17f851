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
import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { checkOutBaseline, repoRoot, viteBuild } from './web-delivery/builds.ts';
import { load, routeKeys } from './web-delivery/page-load.ts';
import { printRoutes, printTimelines, type Results } from './web-delivery/report.ts';
import { ensureController, startServer } from './web-delivery/servers.ts';

/** The commit before route splitting and compressed delivery (issue 24). */
const defaultBaselineRef = 'dcaf2bf';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

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

/** The baseline build (unless --no-baseline) and the working tree's, each built into the scratch directory. */
function buildAll(): { name: string; dist: string }[] {
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
  return builds;
}

async function main(): Promise<void> {
  const started = performance.now();
  const builds = buildAll();
  log('starting the servers');
  const servers = await Promise.all(builds.map((b, i) => startServer(i === builds.length - 1 ? 'current' : 'baseline', b.dist, work, children).then((s) => ({ ...s, name: b.name }))));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    for (const s of servers) await ensureController(browser, s.url);
    // One unmeasured load of each: the servers' first answers (their database, their file lists) are no delivery.
    for (const s of servers) for (const key of routeKeys) await load(browser, s, key);

    const results: Results = new Map();
    for (let run = 0; run < runs; run += 1) {
      for (const key of routeKeys) {
        for (const s of servers) {
          const r = await load(browser, s, key);
          const k = `${s.name}|${key}` as const;
          results.set(k, [...(results.get(k) ?? []), r]);
        }
      }
      log(`run ${run + 1}/${runs} done`);
    }

    console.log('\nDelivery of the web app (bench/web-delivery.ts)');
    console.log(`  Chromium ${browser.version()} headless; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}); Node ${process.version}; ${runs} runs per build and route, interleaved, each in a fresh context (empty cache)`);
    console.log('  served by the real server (apps/server of this checkout, @fastify/static preCompressed: .br/.gz where the build has them)');
    const names = servers.map((s) => s.name);
    printRoutes(names, results);
    if (args.timeline) printTimelines(names, results);
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
