import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { MonthPartitions } from '../../lib/month-partitions.ts';
import type { JobContext, JobHandler } from '../jobs/jobs.service.ts';
import { type ChunkRange, type ChunkResult, moveRecordsRepo as repo } from './move-records.repo.ts';
import { monthStartsBetween } from './record-months.ts';
import { type ChunkState, chunkStateSchema, type MoveStepParams, moveStepParamsSchema, remapStateSchema } from './move-job-params.ts';

const fmt = (n: number) => n.toLocaleString('en-US');

const rangeOf = (p: MoveStepParams, cursor: string | null): ChunkRange => ({ dataPointId: p.source_data_point_id, start: p.start, end: p.end, cursor });
const percent = (s: ChunkState) => (s.done ? 100 : s.total ? Math.min(99, (100 * s.scanned) / s.total) : 0);

/**
 * Runs a chunked step from its saved state: each chunk is one transaction that also saves the cursor and counts (a
 * chunk redone after a crash changes nothing); the last chunk (fewer records than a chunk) also recomputes the summary
 * of the series the step changed (`changes`) and writes the step's conclusion. Each chunk's log entry is written in its transaction.
 */
async function runChunks(
  ctx: JobContext,
  p: MoveStepParams,
  changes: number,
  chunk: (tx: Tx, range: ChunkRange, afterConflict: boolean) => Promise<ChunkResult>,
  describe: (c: ChunkResult) => string,
  conclude: (s: ChunkState) => { level: 'INFO' | 'WARN'; message: string },
): Promise<ChunkState> {
  let s = chunkStateSchema.parse(ctx.job.state);
  if (s.total === null) s = { ...s, total: await repo.rangeSize(ctx.db, rangeOf(p, null)) };
  let afterConflict = false;
  while (!s.done) {
    const before = s;
    try {
      s = await ctx.step(async (tx) => {
        await repo.preferIndexes(tx);
        const c = await chunk(tx, rangeOf(p, before.cursor), afterConflict);
        const done = c.scanned < p.chunk_size;
        if (done) await repo.recomputeSummaries(tx, [changes]);
        const next: ChunkState = { ...before, cursor: c.last ?? before.cursor, scanned: before.scanned + c.scanned, changed: before.changed + c.changed, done };
        if (c.scanned > 0) await ctx.log('INFO', describe(c));
        if (done) {
          const end = conclude(next);
          await ctx.log(end.level, end.message);
        }
        return { result: next, state: next, progress: percent(next) };
      });
    } catch (err) {
      // A destination record appeared in the span after the check (a concurrent writer): redo the chunk, and the rest,
      // as upserts.
      if (afterConflict || !isUniqueViolation(err)) throw err;
      afterConflict = true;
    }
  }
  return s;
}

/**
 * The steps of a move (docs/data-moves.md, "Moving records"): copy the source's records in the range, delete the
 * source's records the destination holds with the same value (moves), repoint equipment points (if asked).
 */
export function createMoveStepHandlers(db: Db): JobHandler[] {
  const partitions = new MonthPartitions(db, 'point_records');

  const copy: JobHandler = {
    jobType: 'point_record_copy',
    async run(ctx) {
      const p = moveStepParamsSchema.parse(ctx.job.params);
      const state = chunkStateSchema.parse(ctx.job.state);
      // The destination's partitions for the months the rest of the source range covers (outside any transaction).
      const rest = await repo.rangeBounds(ctx.db, rangeOf(p, state.cursor));
      let merge = false;
      if (rest.first !== null && rest.last !== null) {
        await partitions.ensure(monthStartsBetween(rest.first, rest.last));
        merge = await repo.holdsRecordsBetween(ctx.db, p.destination_data_point_id, rest.first, rest.last);
      }
      // Inserts while the destination holds nothing in the source's span (the usual case); merges otherwise.
      const copyChunk = (tx: Tx, range: ChunkRange, afterConflict: boolean) =>
        repo.copyChunk(tx, range, p.destination_data_point_id, p.chunk_size, merge || afterConflict ? 'upsert' : 'insert');
      await runChunks(ctx, p, p.destination_data_point_id, copyChunk,
        (c) => `Copied ${fmt(c.scanned)} records up to ${c.last}`,
        (s) => ({ level: 'INFO', message: `Copied ${fmt(s.scanned)} records in all (${fmt(s.changed)} new or changed at the destination).` }));
    },
  };

  const deleteSource: JobHandler = {
    jobType: 'point_record_delete_source',
    async run(ctx) {
      const p = moveStepParamsSchema.parse(ctx.job.params);
      await runChunks(ctx, p, p.source_data_point_id, (tx, range) => repo.deleteChunk(tx, range, p.destination_data_point_id, p.chunk_size),
        (c) => `Deleted ${fmt(c.changed)} of ${fmt(c.scanned)} source records up to ${c.last}`,
        (s) => {
          const kept = s.scanned - s.changed;
          return kept > 0
            ? { level: 'WARN', message: `Deleted ${fmt(s.changed)} source records; kept ${fmt(kept)} that the destination does not hold with the same value.` }
            : { level: 'INFO', message: `Deleted ${fmt(s.changed)} source records.` };
        });
    },
  };

  const remap: JobHandler = {
    jobType: 'equipment_point_remap',
    async run(ctx) {
      const p = moveStepParamsSchema.parse(ctx.job.params);
      if (remapStateSchema.parse(ctx.job.state).done) return;
      await ctx.step(async (tx) => {
        await repo.preferIndexes(tx);
        const remapped = await repo.remapEquipmentPoints(tx, p.source_data_point_id, p.destination_data_point_id);
        await ctx.log('INFO', remapped > 0 ? `Remapped ${fmt(remapped)} equipment points to the destination.` : 'No equipment point read the source.');
        return { result: remapped, state: { remapped, done: true }, progress: 100 };
      });
    },
  };

  return [copy, deleteSource, remap];
}
