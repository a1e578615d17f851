import { type PointUploadResult, type StagedPointRead, pointUploadResultSchema, stagedPointReadSchema } from '@syrx/contracts/points';
import { legacyApi } from '../../../lib/api-client';
import { devicePath } from './devices';

/**
 * POST …/reload-points/stage: the server has the agent read the device's points and stages them as an upload; the
 * progress comes over the socket under `readId`. Aborting `signal` stops the agent's reading.
 */
export const stagePointRead = (controllerId: string, deviceId: number, readId: string, signal: AbortSignal): Promise<StagedPointRead> =>
  legacyApi(`${devicePath(controllerId, deviceId)}/reload-points/stage`, { method: 'POST', body: { read_id: readId }, schema: stagedPointReadSchema, signal });

/** POST …/bacnet-points/complete: applies a staged upload; answers which points appeared and disappeared. */
export const completePointUpload = (deviceId: number, uploadId: number): Promise<PointUploadResult> =>
  legacyApi(`/bacnet-devices/${deviceId}/bacnet-points/complete`, { method: 'POST', body: { upload_id: uploadId }, schema: pointUploadResultSchema });
