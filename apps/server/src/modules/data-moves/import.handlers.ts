import { parse } from 'csv-parse';
import { z } from 'zod';
import type { ImportKind } from '@syrx/contracts/data-moves';
import type { Db, DbOrTx } from '../../db/client.ts';
import { MonthPartitions } from '../../lib/month-partitions.ts';
import type { JobContext, JobHandler } from '../jobs/jobs.service.ts';
import { groupDataHeader } from '@syrx/contracts/point-sources';
import { type Columns, groupRowOf, type HeaderSpec, type ImportRow, pcsRowOf, readHeader, type RowOutcome, vendorRowOf } from './import-csv.ts';
import { importFilesRepo } from './import-files.repo.ts';
import { groupKeyOf, pcsKeyOf, type PointSeries, pointSourcesRepo, vendorKeyOf } from './point-sources.repo.ts';
import { type RecordColumns, recordStoreRepo } from './record-store.repo.ts';

/** Rows per step (one transaction, which also saves the line reached). */
export const importBatchRows = 5000;
/** Bad rows logged one by one; past this, they are only counted (and the summary says how many). */
export const maxRowLogs = 100;

const fmt = (n: number) => n.toLocaleString('en-US');
/** "1 point", "2 points". */
const counted = (n: number, what: string) => `${fmt(n)} ${what}${n === 1 ? '' : 's'}`;

/** What an import has done so far (its job's state): the last line done and the counts. */
const importStateSchema = z.object({
  line: z.number().default(1),
  rows: z.number().default(0),
  bad_rows: z.number().default(0),
  logged_bad_rows: z.number().default(0),
  points_created: z.number().default(0),
  records_inserted: z.number().default(0),
  records_updated: z.number().default(0),
  records_unchanged: z.number().default(0),
  done: z.boolean().default(false),
});
type ImportState = z.infer<typeof importStateSchema>;

interface ImportKindSpec<K> {
  jobType: 'vendor_point_record_import' | 'pcs_point_import' | 'group_data_upload';
  header: ImportKind | HeaderSpec;
  rowOf: (fields: string[], columns: Columns) => RowOutcome<K>;
  keyOf: (k: K) => string;
  /** The points of these keys with their series, made as needed (`params`: the job's). */
  ensure: (tx: DbOrTx, keys: K[], params: Record<string, unknown>) => Promise<Map<string, PointSeries>>;
}

interface Batch<K> {
  good: ImportRow<K>[];
  bad: { line: number; reason: string }[];
  rows: number;
  lastLine: number;
  bytes: number;
}

/** The file's rows after `fromLine`, in batches, with their line numbers (a row the parser cannot read is a bad row). */
async function* batchesOf<K>(file: Buffer, fromLine: number, spec: ImportKindSpec<K>, columns: Columns): AsyncGenerator<Batch<K>> {
  // Lines the parser skipped, reported as it goes (it may read ahead of the batch being stored).
  const skipped: Batch<K>['bad'] = [];
  const parser = parse({
    from_line: fromLine + 1, bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info: true,
    skip_records_with_error: true,
    on_skip: (err) => {
      if (err) skipped.push({ line: Number(err.lines), reason: `the line cannot be read as CSV: ${err.message}` });
    },
  });
  parser.end(file);
  const empty = (after: Batch<K> | null): Batch<K> => ({ good: [], bad: [], rows: 0, lastLine: after?.lastLine ?? fromLine, bytes: after?.bytes ?? 0 });
  const takeSkipped = (batch: Batch<K>, upTo: number) => {
    while (skipped.length > 0 && (skipped[0]?.line ?? 0) <= upTo) {
      const b = skipped.shift();
      if (b) batch.bad.push(b);
    }
  };
  let batch = empty(null);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number; bytes: number } }>) {
      takeSkipped(batch, info.lines);
      const outcome = spec.rowOf(record, columns);
      if ('ok' in outcome) batch.good.push(outcome.ok);
      else batch.bad.push({ line: info.lines, reason: outcome.error });
      batch.lastLine = info.lines;
      batch.bytes = info.bytes;
      if (batch.good.length + batch.bad.length >= importBatchRows) {
        yield { ...batch, rows: batch.good.length + batch.bad.length };
        batch = empty(batch);
      }
    }
  } catch (err) {
    // What the parser cannot skip (a quote never closed) ends the file.
    const line = (err as { lines?: number }).lines ?? batch.lastLine + 1;
    skipped.push({ line, reason: `the rest of the file cannot be read as CSV: ${(err as Error).message}` });
  }
  takeSkipped(batch, Number.MAX_SAFE_INTEGER);
  yield { ...batch, rows: batch.good.length + batch.bad.length, lastLine: Math.max(batch.lastLine, parser.info.lines), bytes: file.length };
}

/** The batch's records in columns, one per series and time (a later line wins). */
function recordsOf<K>(batch: Batch<K>, series: Map<string, PointSeries>, keyOf: (k: K) => string): RecordColumns {
  const byKey = new Map<string, [number, number, number]>();
  for (const row of batch.good) {
    const s = series.get(keyOf(row.key));
    if (row.record && s) byKey.set(`${s.data_point_id}@${row.record.t}`, [s.data_point_id, row.record.t, row.record.value]);
  }
  const cols: RecordColumns = { ids: [], times: [], values: [] };
  // In key order, so two imports touching the same records lock them in the same order (no deadlock).
  for (const [id, t, v] of [...byKey.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1])) {
    cols.ids.push(id);
    cols.times.push(t);
    cols.values.push(v);
  }
  return cols;
}

function importHandler<K>(db: Db, spec: ImportKindSpec<K>, partitions: MonthPartitions): JobHandler {
  async function stepOf(ctx: JobContext, batch: Batch<K>, before: ImportState, fileSize: number): Promise<ImportState> {
    await partitions.ensure(batch.good.flatMap((r) => (r.record ? [r.record.t] : [])));
    return ctx.step(async (tx) => {
      const keys = new Map(batch.good.map((r) => [spec.keyOf(r.key), r.key]));
      const series = await spec.ensure(tx, [...keys.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, k]) => k), ctx.job.params);
      const records = recordsOf(batch, series, spec.keyOf);
      const { inserted, updated } = await recordStoreRepo.upsert(tx, records);
      let logged = before.logged_bad_rows;
      for (const b of batch.bad) {
        if (logged >= maxRowLogs) break;
        await ctx.log('WARN', `Line ${b.line}: ${b.reason}`);
        logged++;
      }
      const next: ImportState = {
        ...before,
        line: batch.lastLine,
        rows: before.rows + batch.rows,
        bad_rows: before.bad_rows + batch.bad.length,
        logged_bad_rows: logged,
        points_created: before.points_created + [...series.values()].filter((s) => s.created).length,
        records_inserted: before.records_inserted + inserted,
        records_updated: before.records_updated + updated,
        records_unchanged: before.records_unchanged + records.ids.length - inserted - updated,
      };
      return { result: next, state: next, progress: Math.min(99, (100 * batch.bytes) / Math.max(1, fileSize)) };
    });
  }

  return {
    jobType: spec.jobType,
    async run(ctx) {
      let s = importStateSchema.parse(ctx.job.state);
      if (s.done) return;
      const file = await importFilesRepo.content(ctx.db, ctx.job.id);
      if (!file) throw new Error('The uploaded file of this import is gone.');
      const header = readHeader(spec.header, file);
      if ('error' in header) throw new Error(header.error);
      for await (const batch of batchesOf(file, s.line, spec, header.columns)) s = await stepOf(ctx, batch, s, file.length);
      await ctx.step(async () => {
        const more = s.bad_rows - s.logged_bad_rows;
        if (more > 0) await ctx.log('WARN', `${counted(more, 'more bad row')} skipped without a log entry each (${counted(s.bad_rows, 'bad row')} in all).`);
        await ctx.log(s.bad_rows > 0 ? 'WARN' : 'INFO', `Imported ${counted(s.rows, 'row')}: ${counted(s.points_created, 'point')} created, `
          + `${counted(s.records_inserted, 'record')} added, ${fmt(s.records_updated)} changed, ${fmt(s.records_unchanged)} unchanged; ${counted(s.bad_rows, 'bad row')} skipped.`);
        const done = { ...s, done: true };
        return { result: done, state: done, progress: 100 };
      });
    },
  };
}

/** The group a group data upload writes into (its job's params, set once the uploader's access was checked). */
const groupOf = (params: Record<string, unknown>): number => {
  const id = params.group_id;
  if (typeof id !== 'number') throw new Error('The upload names no group.');
  return id;
};

/**
 * The CSV imports (Report Data → Import): vendor point records, and PCS points with or without records; and a group's
 * upload of its own point data (Report Data → Upload group data), into that group only.
 */
export function createImportHandlers(db: Db): JobHandler[] {
  const partitions = new MonthPartitions(db, 'point_records');
  return [
    importHandler(db, { jobType: 'vendor_point_record_import', header: 'vendor-point-records', rowOf: vendorRowOf, keyOf: vendorKeyOf, ensure: (tx, keys) => pointSourcesRepo.ensureVendorPoints(tx, keys) }, partitions),
    importHandler(db, { jobType: 'pcs_point_import', header: 'pcs-points', rowOf: pcsRowOf, keyOf: pcsKeyOf, ensure: (tx, keys) => pointSourcesRepo.ensurePcsPoints(tx, keys) }, partitions),
    importHandler(db, { jobType: 'group_data_upload', header: groupDataHeader, rowOf: groupRowOf, keyOf: groupKeyOf, ensure: (tx, keys, params) => pointSourcesRepo.ensureGroupPoints(tx, groupOf(params), keys) }, partitions),
  ];
}
