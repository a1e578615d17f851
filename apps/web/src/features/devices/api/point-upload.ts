import type { PointUploadResult, StagedPointRead } from '@syrx/contracts/points';
import { devicesRoutes } from '@syrx/contracts/routes/devices';
import { pointsRoutes } from '@syrx/contracts/routes/points';
import { callRoute } from '../../../lib/api-client';

/**
 * POST …/reload-points/stage: the server has the agent read the device's points and stages them as an upload; the
 * progress comes over the socket under `readId`. Aborting `signal` stops the agent's reading.
 */
export const stagePointRead = (controllerId: string, deviceId: number, readId: string, signal: AbortSignal): Promise<StagedPointRead> =>
  callRoute(devicesRoutes.stagePoints, { params: { id: controllerId, deviceId }, body: { read_id: readId }, signal });

/** POST …/bacnet-points/complete: applies a staged upload; answers which points appeared and disappeared. */
export const completePointUpload = (deviceId: number, uploadId: number): Promise<PointUploadResult> =>
  callRoute(pointsRoutes.completeUpload, { params: { deviceId }, body: { upload_id: uploadId } });
