/** One fresh load of a page in headless Chromium, measured over CDP: what it downloads and when the tree shows. */
import type { Browser } from 'playwright-core';
import { type Served, signIn } from './servers.ts';

export interface Load {
  scriptStyleBytes: number;
  requests: number;
  allBytes: number;
  encodings: Set<string>;
  treeMs?: number;
  /** Each request's start and end (ms since the navigation started) and URL. */
  timeline: { start: number; end: number; url: string }[];
}

export const routes = {
  signIn: { label: 'sign-in page (/login)', path: '/login', signedIn: false },
  controllers: { label: 'controller page (/admin/syrx-controllers)', path: '/admin/syrx-controllers', signedIn: true },
} as const;
export type RouteKey = keyof typeof routes;
export const routeKeys = Object.keys(routes) as RouteKey[];

/** One fresh load of a route in a new context (empty cache): bytes of script and style, and the tree's time. */
export async function load(browser: Browser, served: Served, key: RouteKey): Promise<Load> {
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
