import { Readable, pipeline } from 'node:stream';
import type { DbOrTx } from '../../db/client.ts';
import { csvStringifier } from '../../lib/csv.ts';
import { type RecordPointRow, recordReadsRepo as reads, type SeriesRange } from './record-reads.repo.ts';

/** Records read per query: each chunk is its own short query, so a long export never holds the (single) connection. */
export const csvChunkSize = 10_000;

export const csvColumns = ['bacnet_point_id', 'device_name', 'point_name', 'timestamp', 'value'] as const;

/**
 * Every record of the range as CSV (a header, then oldest first), read in keyset chunks behind the last row sent and
 * written as the client takes them (backpressure through the stream).
 */
export function csvOfRecords(db: DbOrTx, points: RecordPointRow[], range: SeriesRange, chunkSize = csvChunkSize): Readable {
  const byId = new Map(points.map((p) => [p.data_point_id, p]));
  async function* rows(): AsyncGenerator<(string | number)[]> {
    if (range.ids.length === 0) return;
    let after: { t: number; id: number } | null = null;
    for (;;) {
      const chunk = await reads.chunkAfter(db, range, after, chunkSize);
      for (const r of chunk) {
        const p = byId.get(r.id);
        yield [p?.bacnet_point_id ?? '', p?.device_name ?? '', p?.point_name ?? '', new Date(r.t).toISOString(), r.value];
      }
      const last = chunk.at(-1);
      if (!last || chunk.length < chunkSize) return;
      after = { t: last.t, id: last.id };
    }
  }
  // Names are the devices' own: text cells that a spreadsheet would run as a formula are neutralised (lib/csv.ts).
  const out = csvStringifier({ header: true, columns: [...csvColumns] });
  // A failure part-way destroys `out` with the error; the HTTP layer then aborts the response (and logs it).
  pipeline(Readable.from(rows()), out, () => undefined);
  return out;
}
