/**
 * Builds the rollups of the point records' series that have none (after an upgrade; the server also queues this as a
 * job at start), printing its progress. Usage: npm run backfill-rollups
 * With the embedded database, stop the server first (one process owns the data directory).
 */
import { loadConfig } from '../config/env.ts';
import { runMigrations } from '../db/client.ts';
import { openConfiguredDatabase } from '../db/configured.ts';
import { backfillAll } from '../modules/records/rollup-backfill.service.ts';

const database = await openConfiguredDatabase(loadConfig());
const fmt = (n: number) => n.toLocaleString('en-US');
try {
  await runMigrations(database.db);
  const done = await backfillAll(database.db, (d, total) => {
    console.log(`  ${fmt(d.series)} of ${fmt(total.series)} series (${fmt(d.records)} records, ${Math.round((100 * d.series) / Math.max(1, total.series))} %)`);
  });
  console.log(done.series === 0 ? 'Every series has its rollups already.' : `Built the rollups of ${fmt(done.series)} series (${fmt(done.records)} records).`);
} finally {
  await database.stop();
}
