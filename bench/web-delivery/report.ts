/** What bench/web-delivery.ts prints: medians with min–max per build and route, ratios and the targets. */
import type { Load, RouteKey } from './page-load.ts';
import { routeKeys, routes } from './page-load.ts';

const targets = { signInKb: 250, treeMs: 1500 };

/** The middle value (of an even count, the mean of the two middle ones). */
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
const spread = (xs: number[], f: (x: number) => string) => `${f(Math.min(...xs))}–${f(Math.max(...xs))}`;

/** The loads of one build and route. */
export type Results = Map<`${string}|${RouteKey}`, Load[]>;

/** Per route: each build's medians, the current build against the baseline (the first build), and the targets. */
export function printRoutes(buildNames: string[], results: Results): void {
  for (const key of routeKeys) {
    console.log(`\n${routes[key].label}`);
    const medians = new Map<string, { bytes: number; tree: number | undefined }>();
    for (const name of buildNames) {
      const rs = results.get(`${name}|${key}`) ?? [];
      const bytes = rs.map((r) => r.scriptStyleBytes);
      const trees = rs.flatMap((r) => (r.treeMs === undefined ? [] : [r.treeMs]));
      const encodings = [...new Set(rs.flatMap((r) => [...r.encodings]))].join('/');
      medians.set(name, { bytes: median(bytes), tree: trees.length ? median(trees) : undefined });
      const tree = trees.length ? `; time to the tree ${median(trees).toFixed(0)} ms (${spread(trees, (x) => x.toFixed(0))})` : '';
      console.log(`  ${name.padEnd(18)} script+style ${kb(median(bytes))} (${spread(bytes, kb)}) in ${median(rs.map((r) => r.requests))} requests, ${encodings}; all ${kb(median(rs.map((r) => r.allBytes)))}${tree}`);
    }
    const current = medians.get('current')!;
    const baseline = buildNames.length > 1 ? medians.get(buildNames[0]!) : undefined;
    if (baseline) {
      const ratio = `current/baseline: bytes ×${(current.bytes / baseline.bytes).toFixed(2)}`;
      console.log(`  ${ratio}${current.tree !== undefined && baseline.tree ? `, time to the tree ×${(current.tree / baseline.tree).toFixed(2)}` : ''}`);
    }
    if (key === 'signIn') console.log(`  target: ≤ ${targets.signInKb} KB of script and style: ${current.bytes <= targets.signInKb * 1024 ? 'PASS' : 'FAIL'} (${kb(current.bytes)})`);
    if (key === 'controllers' && current.tree !== undefined) console.log(`  target: the tree in < ${targets.treeMs} ms: ${current.tree < targets.treeMs ? 'PASS' : 'FAIL'} (${current.tree.toFixed(0)} ms)`);
  }
}

/** The requests of each build's last controller page load, in the order they started. */
export function printTimelines(buildNames: string[], results: Results): void {
  for (const name of buildNames) {
    const last = results.get(`${name}|controllers`)?.at(-1);
    console.log(`\nrequests of the last controller page load, ${name} (ms since the first request; tree at ${last?.treeMs?.toFixed(0)} ms since navigation start)`);
    for (const r of [...(last?.timeline ?? [])].sort((a, b) => a.start - b.start)) console.log(`  ${r.start.toFixed(0).padStart(5)}–${r.end.toFixed(0).padEnd(5)} ${r.url}`);
  }
}
