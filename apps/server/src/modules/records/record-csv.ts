import { Readable, pipeline } from 'node:stream';
import type { DbOrTx } from '../../db/client.ts';
import { csvStringifier } from '../../lib/csv.ts';
import type { KindPointRow } from './record-points.repo.ts';
import { recordReadsRepo as reads, type SeriesRange } from './record-reads.repo.ts';

/** Records read per query: each chunk is its own short query, so a long export never holds the (single) connection. */
export const csvChunkSize = 10_000;

/** A CSV's columns before timestamp and value, and each point's cells there. */
export interface CsvLayout {
  columns: readonly string[];
  cells: (p: KindPointRow) => (string | number)[];
}

/**
 * Every record of the range as CSV (a header, then oldest first), read in keyset chunks behind the last row sent and
 * written as the client takes them (backpressure through the stream).
 */
export function csvOfRecords(db: DbOrTx, points: KindPointRow[], range: SeriesRange, layout: CsvLayout, chunkSize = csvChunkSize): Readable {
  const cellsById = new Map(points.map((p) => [p.data_point_id, layout.cells(p)]));
  const blank = layout.columns.map(() => '');
  async function* rows(): AsyncGenerator<(string | number)[]> {
    if (range.ids.length === 0) return;
    let after: { t: number; id: number } | null = null;
    for (;;) {
      const chunk = await reads.chunkAfter(db, range, after, chunkSize);
      for (const r of chunk) yield [...(cellsById.get(r.id) ?? blank), new Date(r.t).toISOString(), r.value];
      const last = chunk.at(-1);
      if (!last || chunk.length < chunkSize) return;
      after = { t: last.t, id: last.id };
    }
  }
  return csvStream(rows(), [...layout.columns, 'timestamp', 'value']);
}

/** Rows as a CSV stream with a header; names are the devices' and users' own, so text a spreadsheet would run is neutralised (lib/csv.ts). */
export function csvStream(rows: AsyncIterable<(string | number | null)[]>, columns: string[]): Readable {
  const out = csvStringifier({ header: true, columns });
  // A failure part-way destroys `out` with the error; the HTTP layer then aborts the response (and logs it).
  pipeline(Readable.from(rows), out, () => undefined);
  return out;
}
