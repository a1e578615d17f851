/** The real server of this checkout serving a build (embedded PGlite, DEMO data), and the admin signed in to it. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext } from 'playwright-core';
import { serverNodeFlags } from '@syrx/server/node-flags';
import { repoRoot } from './builds.ts';

const admin = { username: 'bench-admin', password: 'bench-admin-password-1' };

export interface Served {
  name: string;
  url: string;
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

/** Starts a server of the build in `dist` (its data directory under `work`), added to `children`; once it answers. */
export async function startServer(name: string, dist: string, work: string, children: ChildProcess[]): Promise<Served> {
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
export async function signIn(context: BrowserContext, url: string): Promise<void> {
  await context.request.get(`${url}/api/Login`);
  const csrf = (await context.cookies(url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await context.request.post(`${url}/api/Login`, { data: { ...admin, token: null }, headers: { 'x-xsrf-token': csrf } });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
}

/** A controller in the admin's tree (the demo data has groups but no controller without the launcher's demo building). */
export async function ensureController(browser: Browser, url: string): Promise<void> {
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
