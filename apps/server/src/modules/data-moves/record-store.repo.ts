import { sql } from 'drizzle-orm';
import { insertRecords, recordRowsSql, type RecordColumns } from '../../lib/record-columns.ts';
import type { DbOrTx } from '../../db/client.ts';

export type { RecordColumns };

/**
 * Imported records into the point-records store: a record already stored with another value takes the file's value,
 * one stored with the same value is left alone (so a re-import changes nothing), the rest are inserted. The series'
 * summaries move on in the same statements, as the agent's ingest keeps them. Partitions must exist (MonthPartitions).
 */
export const recordStoreRepo = {
  async upsert(tx: DbOrTx, rows: RecordColumns): Promise<{ inserted: number; updated: number }> {
    if (rows.ids.length === 0) return { inserted: 0, updated: 0 };
    const batch = recordRowsSql(rows);
    // Changed values first; a changed latest record also changes its series' latest value.
    const updated = await tx.execute<{ n: number }>(sql`
      with upd as (
        update point_records p set value = r.v from ${batch}
        where p.data_point_id = r.i and p.ts = to_timestamp(r.t / 1000) and p.value is distinct from r.v
        returning p.data_point_id, p.ts, p.value),
      latest as (
        update data_points d set latest_value = upd.value from upd where d.id = upd.data_point_id and d.latest_record_on = upd.ts
        returning 1)
      select (select count(*) from upd)::int as n`);
    const inserted = await insertRecords(tx, rows);
    return { inserted, updated: updated.rows[0]?.n ?? 0 };
  },
};
