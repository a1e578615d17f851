/**
 * The embedded database process: PGlite (PostgreSQL in WASM) behind a PostgreSQL wire-protocol socket
 * on a loopback port. It runs out of the server's process because PGlite executes every query on its
 * host's main thread (see docs/decisions.md). Started by embedded.ts with `fork`; argv[2] is the data
 * directory or "memory://".
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import lockfile from 'proper-lockfile';

const dataDir = process.argv[2] ?? 'memory://';
// PGlite itself does not stop a second process from opening (and corrupting) the same directory.
const release =
  dataDir === 'memory://'
    ? null
    : await lockfile
        .lock(dataDir, {
          lockfilePath: path.join(dataDir, '.syrx-db.lock'),
          // A lock left by a killed process is taken over once it is 5 s stale.
          stale: 5000,
          update: 1000,
          retries: { retries: 7, minTimeout: 1000, maxTimeout: 1000 },
          onCompromised: () => process.exit(1),
        })
        .catch(() => {
          console.error(`The database directory ${dataDir} is in use by another Syrx server.`);
          process.exit(1);
        });
const db = await PGlite.create(dataDir);
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 8 });
await server.start();
process.send?.({ type: 'ready', address: server.getServerConn() });

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.stop();
  await db.close();
  await release?.();
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
// The parent died or closed the channel: close the data directory cleanly rather than linger.
process.on('disconnect', () => void stop());
