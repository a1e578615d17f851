import { sql } from 'drizzle-orm';
import { insertRecords, recordRowsSql, type RecordColumns } from '../../lib/record-columns.ts';
import { hoursOfRecords, lockSeries, refreshRollups } from '../../lib/record-rollups.ts';
import type { DbOrTx } from '../../db/client.ts';

export type { RecordColumns };

/**
 * Imported records into the point-records store: a record already stored with another value takes the file's value,
 * one stored with the same value is left alone (so a re-import changes nothing), the rest are inserted. The series'
 * summaries and rollups move on in the same transaction, as the agent's ingest keeps them (the hours of changed values
 * are recomputed). Partitions must exist (MonthPartitions).
 */
export const recordStoreRepo = {
  async upsert(tx: DbOrTx, rows: RecordColumns): Promise<{ inserted: number; updated: number }> {
    if (rows.ids.length === 0) return { inserted: 0, updated: 0 };
    await lockSeries(tx, rows.ids);
    const batch = recordRowsSql(rows);
    // Changed values first; a changed latest record also changes its series' latest value.
    const updated = await tx.execute<{ id: number; t: number }>(sql`
      with upd as (
        update point_records p set value = r.v from ${batch}
        where p.data_point_id = r.i and p.ts = to_timestamp(r.t / 1000) and p.value is distinct from r.v
        returning p.data_point_id, p.ts, p.value),
      latest as (
        update data_points d set latest_value = upd.value from upd where d.id = upd.data_point_id and d.latest_record_on = upd.ts
        returning 1)
      select data_point_id as id, (extract(epoch from ts) * 1000)::float8 as t from upd`);
    if (updated.rows.length > 0) await refreshRollups(tx, hoursOfRecords(updated.rows.map((r) => r.id), updated.rows.map((r) => r.t)));
    const inserted = await insertRecords(tx, rows);
    return { inserted, updated: updated.rows.length };
  },
};
