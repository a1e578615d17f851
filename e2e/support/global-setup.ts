import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { serverNodeFlags } from '@syrx/server/node-flags';

export const e2eAdmin = { username: 'admin', password: 'e2e-admin-password' };
const repoRoot = path.resolve(import.meta.dirname, '../..');
/** What `npm start` runs: the server with the demo building beside it. */
const launcherMain = createRequire(import.meta.url).resolve('@syrx/launcher/main');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A loopback SMTP server that writes each received message to a file, as a mailbox. */
async function startMailbox(dir: string): Promise<{ port: number; close(): Promise<void> }> {
  let n = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        writeFileSync(path.join(dir, `${Date.now()}-${n++}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return { port, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

async function waitForHealth(url: string, server: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not become healthy within 60 s');
}

/**
 * Starts what a newcomer starts with `npm start` (the built SPA, the server, the embedded database with
 * the demo groups) on a fresh data directory and free port, plus a mailbox for registration e-mails.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const work = mkdtempSync(path.join(tmpdir(), 'syrx-e2e-'));
  const mailDir = mkdtempSync(path.join(work, 'mail-'));
  const mailbox = await startMailbox(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = path.join(work, 'data');
  // As a factory would: controllers provisioned before the server owns the data directory, printed as labels.
  const labels = execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/provision.ts', '--count', '3'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  process.env.E2E_PROVISIONED = JSON.stringify(
    [...labels.matchAll(/Syrx Controller ID: (\S+)\s+Password: (\S+)/g)].map((m) => ({ id: m[1], password: m[2] })),
  );
  const server = spawn(process.execPath, [...serverNodeFlags, '--import', 'tsx', launcherMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: e2eAdmin.username,
      ADMIN_PASSWORD: e2eAdmin.password,
      DEMO: 'true',
      // Its own loopback range, so a developer's running demo (127.0.10.0) does not collide with the tests'.
      DEMO_BASE_ADDRESS: '127.0.60.0',
      // The browser tests discover the building themselves.
      DEMO_DISCOVER: 'false',
      // The demo agent's terminals run $SHELL; a login bash here sources a slow .bashrc (pyenv), /bin/sh is a plain shell.
      SHELL: '/bin/sh',
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      AUTH_RATE_LIMIT_PER_MINUTE: '200',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, server);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  return async () => {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
    await mailbox.close();
    rmSync(work, { recursive: true, force: true });
  };
}
