import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectStatus } from '../../test/bacnet-helpers.ts';
import { startWorker, untilStatus, logEntries } from '../../test/job-helpers.ts';
import { useTestApps } from '../../test/test-app.ts';
import { dataMovesJobHandlers } from './data-moves.jobs.ts';
import { importBatchRows } from './import.handlers.ts';

const apps = useTestApps();

describe('an import resumed after its worker died', () => {
  it('goes on after the last line its committed steps reached', async () => {
    const t = await apps.start();
    const admin = t.client();
    await admin.signIn();
    const start = Date.parse('2026-05-01T00:00:00Z');
    const rows = Array.from({ length: 2 * importBatchRows + 10 }, (_, i) => `JCI,Resume,P,,${new Date(start + i * 900_000).toISOString()},${i}`);
    const res = await admin.request({
      method: 'POST', url: '/api/v2/imports/vendor-point-records', headers: { 'content-type': 'text/csv' },
      payload: ['vendor,id_field_1,id_field_2,id_field_3,timestamp,value', ...rows].join('\n'),
    });
    const { job_id: id } = expectStatus(res, 202).json<{ job_id: number }>();
    // As a worker that died leaves it: its first batch committed (the header and 5000 rows: up to line 5001).
    await t.db.execute(sql`update jobs set state = ${JSON.stringify({ line: importBatchRows + 1, rows: importBatchRows, records_inserted: importBatchRows, points_created: 0 })}::jsonb,
      attempts = 1 where id = ${id}`);

    startWorker(apps, t.db, dataMovesJobHandlers(t.db));
    expect(await untilStatus(t.db, id, ['succeeded', 'failed'], 30_000)).toMatchObject({ status: 'succeeded', state: { line: 2 * importBatchRows + 11, rows: 2 * importBatchRows + 10 } });
    const stored = (await t.db.execute<{ n: number; lo: number }>(sql`
      select count(*)::int as n, min(r.value) as lo from point_records r join data_points d on d.id = r.data_point_id
      join vendor_points v on v.id = d.vendor_point_id where v.id_field_1 = 'Resume'`)).rows[0];
    // Only the rows after line 5001 were read again (the rows before were the dead worker's, here only pretended).
    expect(stored).toEqual({ n: importBatchRows + 10, lo: importBatchRows });
    expect((await logEntries(t.db, id)).map((l) => l.message)).toEqual([
      'Imported 10,010 rows: 1 point created, 10,010 records added, 0 changed, 0 unchanged; 0 bad rows skipped.',
    ]);
  });
});
