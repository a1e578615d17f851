import { agentEvents, type AgentDevice, type AgentPointUpload, type AgentPointUploadAck } from '@syrx/contracts/agent-protocol';
import { bacnetLimits } from '@syrx/contracts/bacnet';
import type { PointUploadResult } from '@syrx/contracts/points';
import type { ReloadPointsResult } from '@syrx/contracts/realtime';
import type { ServiceContext } from '../service-module.ts';

/** Hands a device's re-read point list to the server; rejects when any step fails (the caller tries again later). */
export type PointUploader = (device: AgentDevice, read: ReloadPointsResult) => Promise<PointUploadResult | undefined>;

const isAck = (a: unknown): a is AgentPointUploadAck => typeof a === 'object' && a !== null && typeof (a as { ok?: unknown }).ok === 'boolean';

/**
 * The upload through the agent's socket (agent/server/point-upload, acknowledged): begin with the device's database
 * revision and source revision-change, batches of 500, complete.
 */
export function socketPointUploader(emitWithAck: ServiceContext['emitWithAck']): PointUploader {
  const send = async (payload: AgentPointUpload) => {
    const ack = await emitWithAck(agentEvents.pointUpload, payload);
    if (!isAck(ack)) throw new Error(`the server gave no usable acknowledgement to ${payload.action}`);
    if (!ack.ok) throw new Error(`the server refused ${payload.action}: ${ack.error}`);
    return ack;
  };
  return async (device, read) => {
    const begun = await send({ action: 'begin', device_id: device.id, database_revision: read.database_revision, source: 'revision-change' });
    const uploadId = begun.upload_id;
    if (uploadId === undefined) throw new Error('the server began the upload without an upload id');
    for (let i = 0; i < read.points.length; i += bacnetLimits.pointBatchSize) {
      await send({ action: 'batch', upload_id: uploadId, points: read.points.slice(i, i + bacnetLimits.pointBatchSize) });
    }
    return (await send({ action: 'complete', upload_id: uploadId })).result;
  };
}
