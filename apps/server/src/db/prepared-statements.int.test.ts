import { createHash } from 'node:crypto';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { connectDatabase } from './client.ts';
import { dbPass } from '../test/db-pass.ts';

/** The statements the server's own connection has prepared (pg_prepared_statements is per session). */
const preparedOf = async (pool: pg.Pool): Promise<string[]> =>
  (await pool.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);
const nameOf = (text: string) => `syrx_${createHash('sha1').update(text).digest('base64url')}`;

// Named statements are made on PostgreSQL only (the embedded database's pool is left as it is).
describe.runIf(dbPass.postgres)('recurring statements as prepared statements', () => {
  it('names a statement from its third use, and the connection keeps it', async () => {
    const database = connectDatabase(inject('databaseUrl'), { embedded: false });
    try {
      await database.pool.query('select 1'); // one connection, opened
      const text = 'select $1::int + 1 as n';
      const runs = [];
      for (let i = 0; i < 4; i++) runs.push((await database.pool.query<{ n: number }>({ text }, [i])).rows[0]?.n);
      expect(runs).toEqual([1, 2, 3, 4]);
      expect(database.statements).toEqual({ named: 1, retried: 0 });
      // Every connection that ran it from the third use on prepared it: with one query at a time, the one connection.
      expect(await preparedOf(database.pool)).toEqual([nameOf(text)]);
      // Statements without parameters (and one-off ones) are never named.
      await database.db.execute(sql`select ${'x'}::text as once`);
      expect(database.statements?.named).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('sends a statement again, unnamed, when the connection already has the name (42P05) or has lost it (26000); nothing runs twice', async () => {
    const database = connectDatabase(inject('databaseUrl'), { embedded: false });
    const { pool } = database;
    const table = `prepared_probe_${process.pid}_${Date.now()}`;
    // One query at a time: the pool keeps using its one connection, so the PREPARE and DEALLOCATE below act on it.
    await pool.query(`create table ${table} (n int)`);
    try {
      const insert = `insert into ${table} (n) values ($1)`;
      await pool.query({ text: insert }, [1]);
      await pool.query({ text: insert }, [2]);
      // The connection gets the name the third use will carry, unknown to node-postgres: that Parse fails (42P05).
      await pool.query(`prepare "${nameOf(insert)}" (int) as ${insert}`);
      await pool.query({ text: insert }, [3]);
      expect(database.statements).toEqual({ named: 1, retried: 1 });
      expect((await pool.query<{ n: number }>(`select n from ${table} order by n`)).rows.map((r) => r.n)).toEqual([1, 2, 3]);

      // A statement the connection prepared, then lost: the Bind fails (26000), and it is sent again.
      const select = `select count(*)::int as n from ${table} where n >= $1`;
      for (let i = 0; i < 3; i++) await pool.query({ text: select }, [1]);
      expect(await preparedOf(pool)).toContain(nameOf(select));
      await pool.query(`deallocate "${nameOf(select)}"`);
      expect((await pool.query<{ n: number }>({ text: select }, [2])).rows).toEqual([{ n: 2 }]);
      expect(database.statements).toEqual({ named: 2, retried: 2 });
    } finally {
      await pool.query(`drop table ${table}`);
      await database.close();
    }
  });
});
