import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase, runMigrations } from './client.ts';
import { startEmbeddedDatabase } from './embedded.ts';
import { groups } from './schema/index.ts';
import { dbPass } from '../test/db-pass.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'syrx-embedded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The embedded database itself; it runs once, in the PGlite pass.
describe.runIf(dbPass.pglite)('embedded database', () => {
  it('keeps its data across a restart and refuses a second process on the same directory', async () => {
    const first = await startEmbeddedDatabase(dir);
    const a = connectDatabase(first.url, { embedded: true });
    await runMigrations(a.db);
    await a.db.insert(groups).values({ name: 'Survives restarts' });
    await expect(startEmbeddedDatabase(dir)).rejects.toThrow();
    await a.close();
    await first.stop();

    const second = await startEmbeddedDatabase(dir);
    const b = connectDatabase(second.url, { embedded: true });
    await runMigrations(b.db);
    expect((await b.db.select().from(groups)).map((g) => g.name)).toEqual(['Survives restarts']);
    await b.close();
    await second.stop();
    // Three database processes and two migration runs on disk: 25–30 s while the other three passes share both cores.
  }, 90_000);
});
