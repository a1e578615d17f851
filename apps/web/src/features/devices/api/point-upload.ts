import { z } from 'zod';
import { bacnetLimits } from '@syrx/contracts/bacnet';
import {
  type PointUploadItem, type PointUploadResult, pointUploadResultSchema, pointUploadStartedSchema,
} from '@syrx/contracts/points';
import { legacyApi } from '../../../lib/api-client';

/** The points in batches of at most 500 (spec 01 section 5). */
export function batchesOf<T>(items: readonly T[], size: number = bacnetLimits.pointBatchSize): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/**
 * Replaces a device's point list: POST …/bacnet-points/begin, the points in batches of 500, then …/complete,
 * which answers which points appeared and disappeared. `onBatch` reports each batch sent.
 */
export async function uploadPoints(
  deviceId: number,
  upload: { database_revision: number | null; points: readonly PointUploadItem[] },
  onBatch: (sent: number, of: number) => void,
): Promise<PointUploadResult> {
  const base = `/bacnet-devices/${deviceId}/bacnet-points`;
  const { upload_id } = await legacyApi(`${base}/begin`, {
    method: 'POST',
    body: { database_revision: upload.database_revision, source: 'user' },
    schema: pointUploadStartedSchema,
  });
  const batches = batchesOf(upload.points);
  for (const [i, points] of batches.entries()) {
    await legacyApi(base, { method: 'POST', body: { upload_id, points }, schema: z.unknown() });
    onBatch(i + 1, batches.length);
  }
  return legacyApi(`${base}/complete`, { method: 'POST', body: { upload_id }, schema: pointUploadResultSchema });
}
