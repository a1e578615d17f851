import { fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';

export interface EmbeddedDatabase {
  /** postgres:// connection string of the loopback socket. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts PGlite in a child process and resolves once it accepts connections.
 * @param dataDir a directory (created if missing) or "memory://" for a throw-away database
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  const child = fork(new URL('./pglite-child.ts', import.meta.url).pathname, [dataDir], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Its own process group: Ctrl-C in a terminal reaches only the server, which stops the database last.
    detached: true,
  });
  const address = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { type?: string; address?: string }) => {
      if (m.type === 'ready' && m.address) resolve(m.address);
      else reject(new Error(`Unexpected message from the embedded database: ${JSON.stringify(m)}`));
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The embedded database exited during start-up (code ${code}); is ${dataDir} used by another process?`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `postgres://postgres@${address}/postgres`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
