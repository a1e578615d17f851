import { z } from 'zod';
import { queuedMoveShape } from '@syrx/contracts/data-moves';

/** Records per chunk of a copy or a delete (one transaction each). */
export const defaultChunkSize = 50_000;

const isoOrNull = z.string().nullable();

/**
 * The params of a 'vendor_point_record_move' job: the item as queued (the list shows its fields), the series it
 * resolved to, and the range as [start, end) (null: unbounded).
 */
export const moveJobParamsSchema = z.object({
  ...queuedMoveShape,
  source_vendor_point_id: z.number().nullable(),
  source_pcs_point_id: z.number().nullable(),
  source_syrx_controller_bacnet_point_id: z.number().nullable(),
  destination_vendor_point_id: z.number().nullable(),
  destination_pcs_point_id: z.number().nullable(),
  destination_syrx_controller_bacnet_point_id: z.number().nullable(),
  source_data_point_id: z.number().int(),
  destination_data_point_id: z.number().int(),
  /** Records per chunk of its copy and delete steps (default 50,000; tests make it small). */
  chunk_size: z.number().int().min(1).optional(),
});
export type MoveJobParams = z.infer<typeof moveJobParamsSchema>;

/** The params of each step of a move (point_record_copy, point_record_delete_source, equipment_point_remap). */
export const moveStepParamsSchema = z.object({
  source_data_point_id: z.number().int(),
  destination_data_point_id: z.number().int(),
  start: isoOrNull,
  end: isoOrNull,
  chunk_size: z.number().int().min(1).default(defaultChunkSize),
});
export type MoveStepParams = z.infer<typeof moveStepParamsSchema>;

/**
 * What a copy or delete step has done so far (its job's state): the last ts done (exact text), the source records it
 * went through, the records it copied or deleted, and whether it has finished (summaries recomputed).
 */
export const chunkStateSchema = z.object({
  cursor: z.string().nullable().default(null),
  scanned: z.number().default(0),
  /** Copy: destination records written (new or with the source's value); delete: source records deleted. */
  changed: z.number().default(0),
  /** Source records in the range when the step started (for progress). */
  total: z.number().nullable().default(null),
  done: z.boolean().default(false),
});
export type ChunkState = z.infer<typeof chunkStateSchema>;

export const remapStateSchema = z.object({ remapped: z.number().default(0), done: z.boolean().default(false) });
