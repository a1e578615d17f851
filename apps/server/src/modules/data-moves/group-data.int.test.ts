import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@syrx/contracts/jobs';
import type { GroupPoint } from '@syrx/contracts/point-sources';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { logEntries, untilStatus } from '../../test/job-helpers.ts';
import { registerAndSignIn } from '../../test/registration-helpers.ts';
import { type TestClient, useFileTestApp } from '../../test/test-app.ts';
import { expectRollupsOfRecords } from '../../test/rollup-helpers.ts';

/**
 * Upload group data (issue 23; docs/permissions.md, "Shared catalogues and group data"): a group's CSV becomes points
 * of that group and their records, as a job with progress and the lines it cannot read by number; uploading again
 * stores nothing twice; another organization neither sees nor writes the group's points.
 */
const t = useFileTestApp({ JOB_WORKER: 'true', JOB_POLL_MS: '50' });

interface Org { client: TestClient; groupId: number }
let north: Org;
let south: Org;

const file = [
  'point_name,timestamp,value,unit',
  'Main meter kW,2026-03-01T00:00:00Z,120.5,kW',
  'Main meter kW,2026-03-01 00:15:00,121,kW',
  'Main meter kW,yesterday,3,kW',
  'Boiler status,2026-03-01T00:00:00Z,on,',
  ',2026-03-01T00:00:00Z,1,',
  'Boiler status,2026-03-01T00:15:00Z,warm,',
  'Boiler status,2026-03-01T00:30:00Z,off,',
].join('\n');

const upload = (o: Org, body: string, groupId = o.groupId) =>
  o.client.request({ method: 'POST', url: `/api/v2/groups/${groupId}/group-data?file_name=meters.csv`, payload: body, headers: { 'content-type': 'text/csv' } });

/** Uploads a file and waits for its job; the job's row and its log messages. */
async function uploaded(o: Org, body: string) {
  const { job_id: id } = expectStatus(await upload(o, body), 202).json<{ job_id: number }>();
  const job = await untilStatus(t.db, id, ['succeeded', 'failed'], 30_000);
  return { id, job, logs: (await logEntries(t.db, id)).map((l) => `${l.level} ${l.message}`) };
}

const pointsOf = async (o: Org, groupId = o.groupId) => expectStatus(await o.client.get(`/api/v2/groups/${groupId}/group-points?take=50`), 200).json<Page<GroupPoint>>();
const counts = async () => (await t.db.execute<{ points: number; records: number }>(sql`
  select (select count(*)::int from group_points) as points,
    (select count(*)::int from point_records r join data_points d on d.id = r.data_point_id where d.kind = 'group-point') as records`)).rows[0];

beforeAll(async () => {
  const org = async (email: string, name: string): Promise<Org> => {
    const client = t.client();
    const { user } = await registerAndSignIn(client, t.db, { email, group_name: name });
    return { client, groupId: user.commissioning_group.id };
  };
  north = await org('north@example.com', 'North Utilities');
  south = await org('south@example.com', 'South Utilities');
});

describe('uploading group data', () => {
  it('makes the group\'s points and records, reports each bad line by number, and finishes with its progress at 100', async () => {
    const r = await uploaded(north, file);
    expect(r.job).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(r.logs).toEqual([
      'WARN Line 4: timestamp "yesterday" is not a date and time (ISO 8601, UTC unless it says otherwise)',
      'WARN Line 6: point_name is empty',
      'WARN Line 7: value "warm" is not a number',
      'WARN Imported 7 rows: 2 points created, 4 records added, 0 changed, 0 unchanged; 3 bad rows skipped.',
    ]);
    const page = await pointsOf(north);
    expect(page.total).toBe(2);
    expect(page.items.map((p) => [p.name, p.unit, p.record_count, p.latest_record_date])).toEqual([
      ['Boiler status', '', 2, '2026-03-01T00:30:00.000Z'], ['Main meter kW', 'kW', 2, '2026-03-01T00:15:00.000Z'],
    ]);
    for (const p of page.items) expect(p.group_id).toBe(north.groupId);
    // The uploader follows the job through the jobs API (it is theirs).
    expectStatus(await north.client.get(`/api/v2/jobs/${r.id}`), 200);
  });

  it('stores nothing twice when the same file comes again; a changed value is changed', async () => {
    const before = await counts();
    const again = await uploaded(north, file);
    expect(again.logs.at(-1)).toBe('WARN Imported 7 rows: 0 points created, 0 records added, 0 changed, 4 unchanged; 3 bad rows skipped.');
    expect(await counts()).toEqual(before);
    const changed = await uploaded(north, 'point_name,timestamp,value\nMain meter kW,2026-03-01T00:15:00Z,125\n');
    expect(changed.logs).toEqual(['INFO Imported 1 row: 0 points created, 0 records added, 1 changed, 0 unchanged; 0 bad rows skipped.']);
    expect(await counts()).toEqual(before);
    const series = await t.db.execute<{ id: number }>(sql`select d.id from data_points d join group_points g on g.id = d.group_point_id where g.name = 'Main meter kW'`);
    await expectRollupsOfRecords(t.db, series.rows[0]?.id ?? 0);
  });

  it('keeps each group\'s points its own: the same name is another point, and another organization neither reads nor writes them', async () => {
    const r = await uploaded(south, 'point_name,timestamp,value\nMain meter kW,2026-03-01T00:00:00Z,7\n');
    expect(r.logs).toEqual(['INFO Imported 1 row: 1 point created, 1 record added, 0 changed, 0 unchanged; 0 bad rows skipped.']);
    expect((await pointsOf(south)).items.map((p) => [p.name, p.record_count])).toEqual([['Main meter kW', 1]]);
    expect((await pointsOf(north)).items.find((p) => p.name === 'Main meter kW')?.record_count).toBe(2);

    const before = await counts();
    expect(expectStatus(await upload(south, file, north.groupId), 404).json<{ message: string }>().message).toMatch(/group/i);
    expectStatus(await south.client.get(`/api/v2/groups/${north.groupId}/group-points`), 404);
    const northPoint = (await pointsOf(north)).items[0]?.id ?? 0;
    const q = `point_ids=${northPoint}&from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z`;
    for (const path of ['/series', '', '/count', '/points', '.csv']) expectStatus(await south.client.get(`/api/v2/group-point-records${path}?${path === '/points' ? `point_ids=${northPoint}` : q}`), 404);
    expect(await counts()).toEqual(before);
  });

  it('needs group_data_upload to upload and group_data_view to list; refuses a file without the header', async () => {
    const client = t.client();
    await registerAndSignIn(client, t.db, { email: 'viewer@example.com', group_name: 'Viewer Inc' });
    const user = (await t.db.execute<{ id: number }>(sql`select id from users where lower(username) = 'viewer@example.com'`)).rows[0]?.id ?? 0;
    await t.db.execute(sql`delete from user_roles where user_id = ${user}`);
    await t.db.execute(sql`insert into group_memberships (user_id, group_id) values (${user}, ${north.groupId})`);
    const viewer: Org = { client, groupId: north.groupId };
    expect(expectStatus(await upload(viewer, file), 403).json<{ message: string }>().message).toBe('Uploading group data needs the permission group_data_upload.');
    expectStatus(await viewer.client.get(`/api/v2/groups/${north.groupId}/group-points`), 403);

    const bad = expectStatus(await upload(north, 'name,timestamp,value\nA,2026-03-01T00:00:00Z,1\n'), 400).json<{ message: string }>();
    expect(bad.message).toBe('The header is not right: missing column point_name; unknown column "name". Expected: point_name,timestamp,value,[unit].');
  });
});
