import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDemoPointSources } from './demo-point-sources.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const rows = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => (await t.db.execute<T>(q)).rows;

describe('the demo vendor and PCS points', () => {
  it('seeds a few hundred points with two weeks of 15-minute records that look like their quantities, once', async () => {
    const now = Date.parse('2026-11-22T10:07:00Z');
    const began = performance.now();
    expect(await seedDemoPointSources(t.db, now)).toBe(true);
    console.log(`demo point sources seeded in ${Math.round(performance.now() - began)} ms`);

    const admin = t.client();
    await admin.signIn();
    expect(expectStatus(await admin.get('/api/v2/vendor_points/vendors'), 200).json()).toEqual(['invensys', 'JCI', 'Siemens', 'UC']);
    const ahus = expectStatus(await admin.get('/api/v2/vendor_points/vendors/invensys/id_field_1/Main%20Hospital/id_field_2/count'), 200).json<{ count: number }>();
    expect(ahus.count).toBe(8);
    const leaves = expectStatus(await admin.get('/api/v2/vendor_points/vendors/invensys/id_field_1/Main%20Hospital/id_field_2/AHU-1/id_field_3'), 200)
      .json<{ value: string; record_count: number }[]>();
    expect(leaves.map((l) => l.value)).toContain('SAT');
    expect(leaves.every((l) => l.record_count === 14 * 96)).toBe(true);
    const [counts] = await rows<{ points: number; pcs: number; sites: number }>(sql`
      select (select count(*)::int from vendor_points) as points, (select count(*)::int from pcs_points) as pcs, (select count(*)::int from pcs_sites) as sites`);
    expect(counts?.points).toBeGreaterThanOrEqual(200);
    expect(counts?.sites).toBe(2);

    // Supply air around 55 °F, statuses on or off, the last record at the last quarter hour before now.
    const [sat] = await rows<{ lo: number; hi: number; last: string }>(sql`
      select min(r.value) as lo, max(r.value) as hi, to_char(max(r.ts) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as last
      from point_records r join data_points d on d.id = r.data_point_id join vendor_points v on v.id = d.vendor_point_id where v.id_field_3 = 'SAT'`);
    expect(sat?.lo).toBeGreaterThan(52);
    expect(sat?.hi).toBeLessThan(60);
    expect(sat?.last).toBe('2026-11-22T10:00');
    const statuses = await rows<{ value: number }>(sql`
      select distinct r.value from point_records r join data_points d on d.id = r.data_point_id join vendor_points v on v.id = d.vendor_point_id
      where v.id_field_3 = 'SF-STATUS' order by 1`);
    expect(statuses.map((s) => s.value)).toEqual([0, 1]);
    const [summary] = await rows<{ n: number }>(sql`select count(*)::int as n from data_points where kind = 'vendor-point' and record_count = ${14 * 96} and latest_value is not null`);
    expect(summary?.n).toBe(counts?.points);

    const equipment = await rows<{ equipment_name: string; n: number }>(sql`
      select equipment_name, count(*)::int as n from equipment_points where data_point_id is not null group by 1 order by 1`);
    expect(equipment).toEqual([
      { equipment_name: 'Central Plant CH-1', n: 3 }, { equipment_name: 'Main Hospital AHU-1', n: 4 }, { equipment_name: 'Main Hospital AHU-2', n: 4 },
      { equipment_name: 'Pavilion AHU-1', n: 3 },
    ]);

    const [before] = await rows<{ n: number }>(sql`select count(*)::int as n from point_records`);
    expect(await seedDemoPointSources(t.db, now + 86_400_000)).toBe(false);
    expect(await rows(sql`select count(*)::int as n from point_records`)).toEqual([before]);
  });
});
