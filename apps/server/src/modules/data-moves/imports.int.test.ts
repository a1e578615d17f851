import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { recordStats, summaryOf } from './testing/data-moves-fixtures.ts';
import { jobRow, logEntries, untilStatus } from '../../test/job-helpers.ts';
import { registerAndSignIn } from '../../test/registration-helpers.ts';
import { type TestClient, useFileTestApp } from '../../test/test-app.ts';
import { maxImportBytes } from '@syrx/contracts/data-moves';
import { maxRowLogs } from './import.handlers.ts';

const t = useFileTestApp({ JOB_WORKER: 'true', JOB_POLL_MS: '50' });

const upload = (c: TestClient, kind: string, body: string, contentType = 'text/csv') =>
  c.request({ method: 'POST', url: `/api/v2/imports/${kind}?file_name=${kind}.csv`, payload: body, headers: { 'content-type': contentType } });

/** Uploads a file and waits for its job; the job's row and log messages. */
async function importFile(kind: string, body: string, c = t.admin) {
  const { job_id: id } = expectStatus(await upload(c, kind, body), 202).json<{ job_id: number }>();
  const job = await untilStatus(t.db, id, ['succeeded', 'failed'], 30_000);
  return { id, job, logs: (await logEntries(t.db, id)).map((l) => `${l.level} ${l.message}`) };
}

const vendorPointOf = async (vendor: string, a: string, b: string, c = '') =>
  (await t.db.execute<{ id: number; dp: number }>(sql`
    select v.id, d.id as dp from vendor_points v join data_points d on d.vendor_point_id = v.id
    where v.vendor = ${vendor} and v.id_field_1 = ${a} and v.id_field_2 = ${b} and v.id_field_3 = ${c}`)).rows[0];
const count = async (table: string) => (await t.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]?.n;

const goodFile = [
  'vendor,id_field_1,id_field_2,id_field_3,timestamp,value',
  'invensys,Main Hospital,AHU-1,SAT,2026-03-01T00:00:00Z,55.5',
  'invensys,Main Hospital,AHU-1,SAT,2026-03-01 00:15:00,56',
  'invensys,Main Hospital,AHU-1,SAT,03/01/2026 12:30:00 AM,56.5',
  '"invensys","Main Hospital","AHU-1","SF-STATUS",2026-03-01T00:00:00Z,true',
  'JCI,Building A,ZN-T,,2026-02-28T23:45:00Z,71.25',
  'JCI,Building A,ZN-T,,2026-03-01T00:00:00+01:00,71.5',
  '',
].join('\n');

describe('vendor point records import', () => {
  it('creates the points and their records, with right summaries; a re-import changes nothing', async () => {
    const first = await importFile('vendor-point-records', goodFile);
    expect(first.job).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(first.logs).toEqual(['INFO Imported 6 rows: 3 points created, 6 records added, 0 changed, 0 unchanged; 0 bad rows skipped.']);

    const sat = await vendorPointOf('invensys', 'Main Hospital', 'AHU-1', 'SAT');
    const zone = await vendorPointOf('JCI', 'Building A', 'ZN-T');
    expect(sat && zone).toBeTruthy();
    expect(await summaryOf(t.db, sat?.dp ?? 0)).toEqual({ count: 3, earliest: '2026-03-01T00:00:00.000Z', latest: '2026-03-01T00:30:00.000Z', latest_value: 56.5 });
    // A time with a zone is that instant; one without is UTC.
    expect(await summaryOf(t.db, zone?.dp ?? 0)).toEqual({ count: 2, earliest: '2026-02-28T23:00:00.000Z', latest: '2026-02-28T23:45:00.000Z', latest_value: 71.25 });
    expect((await recordStats(t.db, (await vendorPointOf('invensys', 'Main Hospital', 'AHU-1', 'SF-STATUS'))?.dp ?? 0)).sum).toBe(1);

    const before = { points: await count('vendor_points'), series: await count('data_points'), records: await count('point_records') };
    const again = await importFile('vendor-point-records', goodFile);
    expect(again.logs).toEqual(['INFO Imported 6 rows: 0 points created, 0 records added, 0 changed, 6 unchanged; 0 bad rows skipped.']);
    expect({ points: await count('vendor_points'), series: await count('data_points'), records: await count('point_records') }).toEqual(before);
    expect(await summaryOf(t.db, sat?.dp ?? 0)).toMatchObject({ count: 3, latest_value: 56.5 });

    // A file with another value for a stored record: the file's value wins, and the latest value follows.
    const changed = await importFile('vendor-point-records', 'vendor,id_field_1,id_field_2,id_field_3,timestamp,value\ninvensys,Main Hospital,AHU-1,SAT,2026-03-01T00:30:00Z,60\n');
    expect(changed.logs).toEqual(['INFO Imported 1 row: 0 points created, 0 records added, 1 changed, 0 unchanged; 0 bad rows skipped.']);
    expect(await summaryOf(t.db, sat?.dp ?? 0)).toMatchObject({ count: 3, latest_value: 60 });
  });

  it('logs each bad row with its line and reason, and stores the good ones', async () => {
    const file = [
      'Vendor,ID_FIELD_1,id_field_2,id_field_3,timestamp,value',
      'invensys,Main Hospital,AHU-2,,2026-03-01T00:00:00Z,1',
      'JCI,Building A,ZN-T2,EXTRA,2026-03-01T00:00:00Z,1',
      'JCI,Building A,ZN-T2,,yesterday,1',
      'JCI,Building A,ZN-T2,,2026-03-01T00:00:00Z,warm',
      'JCI,,ZN-T2,,2026-03-01T00:00:00Z,1',
      'JCI,Building A,ZN-T2',
      'JCI,Building A,ZN-T2,,2026-03-01T00:15:00Z,70',
      'JCI,Building A,ZN-T2,,1990-01-01T00:00:00Z,1',
      'JCI,Building A,ZN-T2,,2026-03-01T00:30:00Z,-1.7e308',
    ].join('\n');
    const r = await importFile('vendor-point-records', file);
    expect(r.job.status).toBe('succeeded');
    expect(r.logs).toEqual([
      'WARN Line 2: id_field_3 is empty (vendor invensys has three levels)',
      'WARN Line 3: id_field_3 must be empty (vendor JCI has two levels)',
      'WARN Line 4: timestamp "yesterday" is not a date and time (ISO 8601, UTC unless it says otherwise)',
      'WARN Line 5: value "warm" is not a number',
      'WARN Line 6: id_field_1 is empty',
      'WARN Line 7: timestamp and value are empty',
      'WARN Line 9: timestamp 1990-01-01T00:00:00Z is more than 3660 days ago or in the future',
      'WARN Line 10: value "-1.7e308" is beyond ±1e+290',
      'WARN Imported 9 rows: 1 point created, 1 record added, 0 changed, 0 unchanged; 8 bad rows skipped.',
    ]);
    expect(await summaryOf(t.db, (await vendorPointOf('JCI', 'Building A', 'ZN-T2'))?.dp ?? 0)).toMatchObject({ count: 1, latest_value: 70 });
  });

  it(`logs at most ${maxRowLogs} bad rows one by one and counts the rest`, async () => {
    const rows = Array.from({ length: maxRowLogs + 30 }, (_, i) => `JCI,Building C,P-${i},,not a time,1`);
    const r = await importFile('vendor-point-records', ['vendor,id_field_1,id_field_2,id_field_3,timestamp,value', ...rows].join('\n'));
    expect(r.logs.filter((l) => l.startsWith('WARN Line '))).toHaveLength(maxRowLogs);
    expect(r.logs.slice(-2)).toEqual([
      'WARN 30 more bad rows skipped without a log entry each (130 bad rows in all).',
      'WARN Imported 130 rows: 0 points created, 0 records added, 0 changed, 0 unchanged; 130 bad rows skipped.',
    ]);
  });

  it('imports a file of several batches, saving the line reached with each', async () => {
    const start = Date.parse('2026-04-01T00:00:00Z');
    const rows = Array.from({ length: 12_000 }, (_, i) => `Siemens,Tower,P-${i % 3},,${new Date(start + Math.floor(i / 3) * 900_000).toISOString()},${i}`);
    const r = await importFile('vendor-point-records', ['vendor,id_field_1,id_field_2,id_field_3,timestamp,value', ...rows].join('\r\n'));
    expect(r.logs).toEqual(['INFO Imported 12,000 rows: 3 points created, 12,000 records added, 0 changed, 0 unchanged; 0 bad rows skipped.']);
    expect((await jobRow(t.db, r.id)).state).toMatchObject({ line: 12_001, rows: 12_000, done: true });
    const p2 = await vendorPointOf('Siemens', 'Tower', 'P-2');
    expect(await summaryOf(t.db, p2?.dp ?? 0)).toEqual({ count: 4000, earliest: '2026-04-01T00:00:00.000Z', latest: '2026-05-12T15:45:00.000Z', latest_value: 11_999 });
  });

  it('refuses a file without the right header at upload (400 with the reason), and other content types', async () => {
    const bad = await upload(t.admin, 'vendor-point-records', 'vendor,id_field_1,id_field_2,timestamp,value,colour\nJCI,a,b,2026-03-01T00:00:00Z,1,red\n');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(
      'The header is not right: missing column id_field_3; unknown column "colour". Expected: vendor,id_field_1,id_field_2,id_field_3,timestamp,value.');
    const empty = await upload(t.admin, 'vendor-point-records', '');
    expect(empty.statusCode).toBe(400);
    const pcs = await upload(t.admin, 'pcs-points', 'site_name,device_name,point_name,timestamp\nA,B,C,2026-03-01T00:00:00Z\n');
    expect(pcs.json<{ message: string }>().message).toContain('columns timestamp and value go together');
    expect((await upload(t.admin, 'other-things', 'a,b\n')).statusCode).toBe(400);
    const huge = await upload(t.admin, 'pcs-points', `site_name,device_name,point_name\n${'x'.repeat(maxImportBytes)}`);
    expect(huge.statusCode).toBe(413);
    expect((await t.admin.request({ method: 'POST', url: '/api/v2/imports/pcs-points', payload: { site_name: 'x' } })).statusCode).toBe(415);
    expect(await count('job_files')).toBe((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs where job_type like '%import'`)).rows[0]?.n);
  });
});

describe('PCS points import', () => {
  it('creates sites, devices and points, with records when the rows have them', async () => {
    const points = await importFile('pcs-points', 'site_name,device_name,point_name\nNorth Campus,Chiller 1,CHWS\nNorth Campus,Chiller 1,CHWR\nSouth Campus,Boiler,HWS\n');
    expect(points.logs).toEqual(['INFO Imported 3 rows: 3 points created, 0 records added, 0 changed, 0 unchanged; 0 bad rows skipped.']);
    const sites = expectStatus(await t.admin.get('/api/PcsSites'), 200).json<{ site_name: string; device_count: number }[]>();
    expect(sites.map((s) => [s.site_name, s.device_count])).toEqual([['North Campus', 1], ['South Campus', 1]]);

    const records = await importFile('pcs-points', [
      'site_name,device_name,point_name,timestamp,value',
      'North Campus,Chiller 1,CHWS,2026-03-01T00:00:00Z,44.1',
      'North Campus,Chiller 1,CHWS,2026-03-01T00:15:00Z,44.3',
      'North Campus,Chiller 2,CHWS,,',
      'North Campus,Chiller 2,CHWR,2026-03-01T00:00:00Z,',
    ].join('\n'));
    expect(records.logs).toEqual([
      'WARN Line 5: value "" is not a number',
      'WARN Imported 4 rows: 1 point created, 2 records added, 0 changed, 0 unchanged; 1 bad row skipped.',
    ]);
    const chws = (await t.db.execute<{ dp: number }>(sql`
      select d.id as dp from pcs_points p join pcs_devices v on v.id = p.pcs_device_id join data_points d on d.pcs_point_id = p.id
      where v.name = 'Chiller 1' and p.name = 'CHWS'`)).rows[0];
    expect(await summaryOf(t.db, chws?.dp ?? 0)).toEqual({ count: 2, earliest: '2026-03-01T00:00:00.000Z', latest: '2026-03-01T00:15:00.000Z', latest_value: 44.3 });
  });
});

describe('who may import', () => {
  it('needs move_vendor_point_records or pcs_admin, which the self-registration role does not hold', async () => {
    const anonymous = t.client();
    await anonymous.get('/api/Login');
    expect((await upload(anonymous, 'pcs-points', 'site_name,device_name,point_name\nA,B,C\n')).statusCode).toBe(401);
    const user = t.client();
    await registerAndSignIn(user, t.db);
    // A self-registered organization administrator (group_data_upload) writes no shared catalogue: shared-catalogues.int.test.ts.
    for (const kind of ['pcs-points', 'vendor-point-records']) {
      const body = kind === 'pcs-points' ? 'site_name,device_name,point_name\nTheir Site,Meter,kW\n' : 'vendor,id_field_1,id_field_2,id_field_3,timestamp,value\nJCI,Theirs,T,,2026-03-01T00:00:00Z,1\n';
      expect(expectStatus(await upload(user, kind, body), 403).json<{ message: string }>().message).toBe('Importing data needs one of the permissions move_vendor_point_records, pcs_admin.');
    }
  });
});
