import type { ChildJobSpec, JobHandler } from '../jobs/jobs.service.ts';
import { moveJobsRepo } from './move-jobs.repo.ts';
import { defaultChunkSize, type MoveJobParams, moveJobParamsSchema, type MoveStepParams } from './move-job-params.ts';

const fmt = (n: number) => n.toLocaleString('en-US');
const rangeText = (p: MoveJobParams) => (p.full_time_range ? 'all records' : `records from ${p.start_date} to ${p.end_date} (exclusive)`);

/** The steps of a move job, in the order they run (docs/data-moves.md). */
export function stepsOf(p: MoveJobParams): ChildJobSpec[] {
  const params: MoveStepParams = {
    source_data_point_id: p.source_data_point_id,
    destination_data_point_id: p.destination_data_point_id,
    start: p.full_time_range ? null : p.start_date,
    end: p.full_time_range ? null : p.end_date,
    chunk_size: p.chunk_size ?? defaultChunkSize,
  };
  const from = `"${p.source_data_point_name}"`;
  const to = `"${p.destination_data_point_name}"`;
  return [
    { jobType: 'point_record_copy', params, logMessage: `Copy ${rangeText(p)} of ${from} to ${to}` },
    ...(p.source_record_handling === 'move' ? [{ jobType: 'point_record_delete_source' as const, params, logMessage: `Delete the copied records from ${from}` }] : []),
    ...(p.remap_equipment_points ? [{ jobType: 'equipment_point_remap' as const, params, logMessage: `Remap the equipment points of ${from} to ${to}` }] : []),
  ];
}

/** 'vendor_point_record_move': one queued item; its steps are its children, and it closes with their counts. */
export const moveHandler: JobHandler = {
  jobType: 'vendor_point_record_move',
  async run(ctx) {
    await ctx.createChildren(stepsOf(moveJobParamsSchema.parse(ctx.job.params)));
  },
  async afterChildren(ctx) {
    const p = moveJobParamsSchema.parse(ctx.job.params);
    const c = await moveJobsRepo.stepCounts(ctx.db, ctx.job.id);
    const parts = [`${fmt(c.copied)} records copied`];
    if (p.source_record_handling === 'move') parts.push(`${fmt(c.deleted)} deleted from the source`);
    if (p.remap_equipment_points) parts.push(`${fmt(c.remapped)} equipment points remapped`);
    await ctx.log('INFO', `Finished: ${parts.join(', ')}.`);
  },
};
