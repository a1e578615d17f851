/**
 * The tables PostgreSQL read whole (pg_stat_user_tables), read before and after a run: a statement whose plan scans a
 * table that grows with the data (a row estimate of 100 for a JSON set made each heartbeat batch read every
 * controller's row) shows here, where the CPU alone would not say why.
 */

/** A table's reads so far: whole-table scans and the rows they read, index scans. */
export interface TableReads { seqScans: number; seqRows: number; indexScans: number }

interface Queryable {
  query<R extends object>(text: string): Promise<{ rows: R[] }>;
}

export async function tableReads(db: Queryable): Promise<Map<string, TableReads>> {
  // The backends' counters of their last second may still be pending: wait for them to be flushed (PostgreSQL 15 and
  // later flush a busy backend's at most once a second).
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const r = await db.query<{ relname: string; seq_scan: string; seq_tup_read: string; idx_scan: string | null }>(
    'select relname, seq_scan, seq_tup_read, idx_scan from pg_stat_user_tables');
  return new Map(r.rows.map((x) => [x.relname, { seqScans: Number(x.seq_scan), seqRows: Number(x.seq_tup_read), indexScans: Number(x.idx_scan ?? 0) }]));
}

/** The tables read whole between two readings, most rows first (six at most), or "none". */
function wholeTableReadsText(before: Map<string, TableReads>, after: Map<string, TableReads>, seconds: number): string {
  const rows = [...after].map(([name, a]) => {
    const b = before.get(name) ?? { seqScans: 0, seqRows: 0, indexScans: 0 };
    return { name, scans: a.seqScans - b.seqScans, rows: a.seqRows - b.seqRows, indexScans: a.indexScans - b.indexScans };
  }).filter((x) => x.rows > 0).sort((x, y) => y.rows - x.rows);
  if (rows.length === 0) return 'none';
  return rows.slice(0, 6).map((x) => `${x.name}: ${x.scans.toLocaleString('en-US')} scans reading ${x.rows.toLocaleString('en-US')} rows (${(x.scans / seconds).toFixed(2)} scans/s; index scans ${Math.round(x.indexScans / seconds).toLocaleString('en-US')}/s)`).join('; ');
}

/**
 * Reads the tables' counters now; the function answered reads them again and says what was read whole in between,
 * per second of the time that passed.
 */
export async function tableReadsFrom(read: () => Promise<Map<string, TableReads>>): Promise<() => Promise<string>> {
  const before = await read();
  const from = performance.now();
  return async () => wholeTableReadsText(before, await read(), (performance.now() - from) / 1000);
}
