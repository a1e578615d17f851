import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedDatabase } from '@syrx/server/testing';

// This file's loopback range for the demo building.
const base = '127.0.73';
const dir = mkdtempSync(path.join(tmpdir(), 'syrx-demo-processes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** True when nothing holds the UDP address any more (the process that bound it is gone). */
const udpFree = (ip: string) => new Promise<boolean>((resolve) => {
  const s = createSocket({ type: 'udp4', reuseAddr: false });
  s.once('error', () => resolve(false));
  s.bind(47808, ip, () => s.close(() => resolve(true)));
});

async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// The launcher as `npm start` runs it (the server with the demo building); once, in the PGlite pass (it uses the embedded database).
describe.skipIf(process.env.TEST_DB === 'postgres')('the demo building beside the server', () => {
  it('leaves no simulator, agent or database behind when the server is killed', async () => {
    const server = spawn(process.execPath, ['--import', createRequire(import.meta.url).resolve('tsx'), new URL('../main.ts', import.meta.url).pathname], {
      env: { ...process.env, DATA_DIR: dir, PORT: '0', ADMIN_PASSWORD: 'x', DEMO: 'true', DEMO_BASE_ADDRESS: `${base}.0`, DEMO_DISCOVER: 'false', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const agentConnected = new Promise<void>((resolve) => {
      createInterface({ input: server.stdout }).on('line', (line) => line.includes('"program":"agent"') && line.includes('connected to the server') && resolve());
    });
    await agentConnected;
    expect(await udpFree(`${base}.1`)).toBe(false); // the building's BBMD
    expect(await udpFree(`${base}.200`)).toBe(false); // the demo agent

    server.kill('SIGKILL');
    await until(async () => (await udpFree(`${base}.1`)) && (await udpFree(`${base}.200`)), 15_000, 'building and agent stopped');
    // The embedded database let go of its directory: a new server can open it.
    await until(async () => startEmbeddedDatabase(dir).then(async (db) => (await db.stop(), true), () => false), 15_000, 'database directory released');
  }, 90_000);
});
