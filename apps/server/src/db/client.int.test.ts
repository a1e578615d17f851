import { createServer, connect as tcpConnect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/pg-errors.ts';
import { loadConfig } from '../config/env.ts';
import { connectDatabase } from './client.ts';
import { openConfiguredDatabase } from './configured.ts';
import { dbPass } from '../test/db-pass.ts';

describe.runIf(dbPass.postgres)('the pool size (DATABASE_POOL_SIZE)', () => {
  it('opens no more connections than it is given, and queues the statements beyond them', async () => {
    // As the server and the command-line tools open it: from the configuration.
    const database = await openConfiguredDatabase(loadConfig({ DATABASE_URL: inject('databaseUrl'), DATABASE_POOL_SIZE: '2' }));
    try {
      const running = Array.from({ length: 5 }, () => database.pool.query('select pg_sleep(0.2)'));
      await sleep(100);
      expect({ total: database.pool.totalCount, waiting: database.pool.waitingCount }).toEqual({ total: 2, waiting: 3 });
      await Promise.all(running);
      expect(database.pool.totalCount).toBe(2);
    } finally {
      await database.stop();
    }
  });
});

// pg_terminate_backend is what a PostgreSQL restart or failover does to every connection: the PostgreSQL pass only.
describe.runIf(dbPass.postgres)('the pool when the database drops a connection', () => {
  it('survives a connection dropped while checked out between statements, and the next query reconnects', async () => {
    const database = connectDatabase(inject('databaseUrl'), { embedded: false });
    const other = connectDatabase(inject('databaseUrl'), { embedded: false });
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      // Inside a transaction, between two statements, the server ends the connection (as a restart would).
      const failed = await database.db
        .transaction(async (tx) => {
          const pid = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]?.pid;
          await other.db.execute(sql`select pg_terminate_backend(${pid})`);
          await sleep(200);
          await tx.execute(sql`select 1`);
        })
        .then(() => null, (err: unknown) => err);

      expect(uncaught).toEqual([]);
      expect(isDatabaseUnavailable(failed)).toBe(true);
      // The broken connection left the pool; the next statement gets a new one.
      expect((await database.db.execute<{ one: number }>(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await database.close();
      await other.close();
    }
  });

  it('gives back a connection that died under BEGIN, so the pool neither shrinks nor waits for it when closing', async () => {
    // A loopback proxy to the database that cuts the connection when it sees the next BEGIN go by.
    const target = new URL(inject('databaseUrl'));
    let cutAtBegin = false;
    const open: Socket[] = [];
    const proxy = createServer((client) => {
      const server = tcpConnect(Number(target.port), target.hostname);
      open.push(client, server);
      client.on('data', (chunk: Buffer) => {
        if (cutAtBegin && chunk.toString('latin1').includes('begin')) {
          cutAtBegin = false;
          client.destroy();
          server.destroy();
          return;
        }
        server.write(chunk);
      });
      server.pipe(client);
      for (const s of [client, server]) s.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as { port: number };
    const database = connectDatabase(`postgres://postgres@127.0.0.1:${port}${target.pathname}`, { embedded: false });
    try {
      await database.db.execute(sql`select 1`);
      cutAtBegin = true;
      const failed = await database.db.transaction(async (tx) => tx.execute(sql`select 1`)).then(() => null, (err: unknown) => err);
      expect(isDatabaseUnavailable(failed)).toBe(true);
      await sleep(100);
      expect(database.pool.totalCount).toBe(0);
      expect((await database.db.transaction(async (tx) => tx.execute<{ one: number }>(sql`select 1 as one`))).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
      for (const s of open) s.destroy();
      proxy.close();
    }
  });
});
