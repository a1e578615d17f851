import type { AgentPointUpload, AgentPointUploadAck } from '@syrx/contracts/agent-protocol';
import { bacnetLimits, engineeringUnitName, objectTypeLabel } from '@syrx/contracts/bacnet';
import { AppError } from '@syrx/contracts/errors';
import type { PointUploadItem, PointUploadResult } from '@syrx/contracts/points';
import type { Db } from '../../db/client.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { type ChangeSource, pointUploadsRepo as repo, type StagedPoint } from './point-uploads.repo.ts';

/** One row per object (the last copy wins), as the staging table keeps them. */
function staged(points: PointUploadItem[]): StagedPoint[] {
  const byKey = new Map<string, StagedPoint>();
  for (const p of points) {
    byKey.set(`${p.object_type}:${p.instance_number}`, {
      objectType: p.object_type,
      objectTypeName: objectTypeLabel(p.object_type),
      instanceNumber: p.instance_number,
      name: p.name,
      description: p.description ?? null,
      units: p.units === null || p.units === undefined ? null : engineeringUnitName(p.units),
    });
  }
  return [...byKey.values()];
}

const uploadNotFound = () => AppError.notFound('The point upload');

/**
 * A device's point list replaced in steps: begin, batches of at most 500 (staged, so a batch sent twice is harmless),
 * complete (applied in one transaction). Access is checked by the caller: the REST routes, the gateway for agents.
 */
export function createPointUploadsService(db: Db, events: DomainEvents) {
  async function begin(deviceId: number, input: { database_revision?: number | null | undefined; source: ChangeSource }): Promise<{ upload_id: number }> {
    await repo.deleteStale(db);
    return { upload_id: await repo.insert(db, deviceId, input.source, input.database_revision ?? null) };
  }

  async function addBatch(deviceId: number, uploadId: number, points: PointUploadItem[]): Promise<void> {
    await db.transaction(async (tx) => {
      const u = await repo.lock(tx, uploadId);
      if (!u || u.deviceId !== deviceId) throw uploadNotFound();
      if (u.completedAt) throw AppError.conflict('This point upload is already complete.');
      const held = await repo.stage(tx, uploadId, staged(points));
      if (held > bacnetLimits.maxPointsPerDevice) {
        const message = `An upload holds at most ${bacnetLimits.maxPointsPerDevice} points.`;
        throw AppError.badRequest(message, [{ field: 'points', message }]);
      }
    });
  }

  /** Applies the upload; completing it again answers the same result. */
  async function complete(deviceId: number, uploadId: number): Promise<PointUploadResult> {
    const out = await db.transaction(async (tx) => {
      const u = await repo.lock(tx, uploadId);
      if (!u || u.deviceId !== deviceId) throw uploadNotFound();
      if (u.completedAt) return { result: u.result as PointUploadResult, controllerId: null };
      const controllerId = await repo.controllerOfDevice(tx, deviceId);
      if (!controllerId) throw uploadNotFound();
      const result = await repo.apply(tx, u, controllerId);
      const revisionChanged = await repo.touchDevice(tx, deviceId, u.databaseRevision);
      await repo.markCompleted(tx, uploadId, result);
      // The agent's configuration carries the point-list revision and the available points it reports on.
      const pointsChanged = result.appeared + result.disappeared + result.reappeared > 0;
      return { result, controllerId: revisionChanged || pointsChanged ? controllerId : null };
    });
    if (out.controllerId) events.emit('controller-config-changed', out.controllerId);
    return out.result;
  }

  /**
   * A whole point list (what the agent read for "reload points") begun and staged through the same steps, not yet
   * completed: the caller completes it, at once or after a user reviewed it.
   */
  async function stageAll(deviceId: number, points: PointUploadItem[], meta: { database_revision: number | null; source: ChangeSource }): Promise<{ upload_id: number }> {
    const { upload_id } = await begin(deviceId, meta);
    for (let i = 0; i < points.length; i += bacnetLimits.pointBatchSize) await addBatch(deviceId, upload_id, points.slice(i, i + bacnetLimits.pointBatchSize));
    return { upload_id };
  }

  /** Steps sent by an agent, for devices of its own controller only; the source is always revision-change. */
  async function fromAgent(controllerId: string, m: AgentPointUpload): Promise<AgentPointUploadAck> {
    const deviceId = m.action === 'begin' ? m.device_id : (await repo.find(db, m.upload_id))?.deviceId;
    if (deviceId === undefined || (await repo.controllerOfDevice(db, deviceId)) !== controllerId) {
      return { ok: false, error: m.action === 'begin' ? 'The BACnet device was not found.' : 'The point upload was not found.' };
    }
    try {
      switch (m.action) {
        case 'begin':
          return { ok: true, ...(await begin(deviceId, { database_revision: m.database_revision, source: 'revision-change' })) };
        case 'batch':
          await addBatch(deviceId, m.upload_id, m.points);
          return { ok: true, upload_id: m.upload_id };
        case 'complete':
          return { ok: true, upload_id: m.upload_id, result: await complete(deviceId, m.upload_id) };
      }
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return { ok: false, error: err.message };
      throw err;
    }
  }

  return { begin, addBatch, complete, stageAll, fromAgent };
}
export type PointUploadsService = ReturnType<typeof createPointUploadsService>;
