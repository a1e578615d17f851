import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bootstrap } from '../modules/users/bootstrap.service.ts';
import { adminCredentials, useTestApps } from '../test/test-app.ts';
import { seedWhenChanged } from './catalogue-seeds.ts';
import { components, weatherStations } from './schema/index.ts';

const apps = useTestApps();
const restart = (db: Parameters<typeof bootstrap>[0]) =>
  bootstrap(db, { adminUsername: adminCredentials.username, adminPassword: adminCredentials.password, demo: false });

describe('built-in catalogues are seeded once per release', () => {
  it('keeps an administrator\'s rename and deletion across a restart', async () => {
    const { db } = await apps.start();
    const [station] = await db.select().from(weatherStations).where(eq(weatherStations.code, 'KBOS'));
    await db.update(weatherStations).set({ name: 'Logan (renamed)' }).where(eq(weatherStations.code, 'KBOS'));
    const [leaf] = await db.select().from(components).where(eq(components.description, 'Supply Fan')).limit(1);
    expect(station && leaf).toBeTruthy();
    await db.delete(components).where(eq(components.id, leaf!.id));

    await restart(db);

    const [after] = await db.select().from(weatherStations).where(eq(weatherStations.code, 'KBOS'));
    expect(after?.name).toBe('Logan (renamed)');
    expect(await db.select().from(components).where(eq(components.id, leaf!.id))).toEqual([]);
  });

  it('seeds again when the release brings a changed catalogue, and only then', async () => {
    const { db } = await apps.start();
    const runs: string[] = [];
    const seed = (content: string) => seedWhenChanged(db, 'test_catalogue', [content], async () => { runs.push(content); });
    expect(await seed('v1')).toBe(true);
    expect(await seed('v1')).toBe(false);
    expect(await seed('v2')).toBe(true);
    expect(runs).toEqual(['v1', 'v2']);
  });
});
