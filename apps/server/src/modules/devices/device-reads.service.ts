import type { BacnetDevice, DeviceProperties } from '@syrx/contracts/devices';
import { AppError } from '@syrx/contracts/errors';
import type { PointChangeSource, PointUploadResult, StagedPointRead } from '@syrx/contracts/points';
import {
  deviceTargetOf, isDeviceException, type ReloadPointsProgress, reloadDeviceResultSchema, reloadPointsProgressSchema, reloadPointsResultSchema,
} from '@syrx/contracts/realtime';
import type { Db } from '../../db/client.ts';
import type { BackgroundTasks } from '../../lib/background-tasks.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { PointUploadsService } from '../points/point-uploads.service.ts';
import { AgentCallError, type AgentLink } from '../realtime/agent-link.service.ts';
import { devicesRepo } from './devices.repo.ts';
import { recordRead } from './device-properties.ts';

export interface DeviceReadsDeps {
  db: Db;
  agentLink: AgentLink;
  uploads: PointUploadsService;
  events: DomainEvents;
  background: BackgroundTasks;
  log: { warn(o: object, m: string): void; debug(o: object, m: string): void };
}

/** The agent answered that the device itself failed (BacnetTimeout, BacnetError, BacnetAbort …), not that it cannot try. */
const deviceFailed = (err: unknown): err is AgentCallError => err instanceof AgentCallError && err.failure === 'exception' && isDeviceException(err.exceptionType);
const unreadableAnswer = () => new AppError('bad_gateway', 502, "The controller's agent answered with data the server cannot read.");

/** How a read of a device's points is followed: its progress as the agent reports it, and the caller giving up. */
export interface PointReadWatch {
  onProgress?: (p: ReloadPointsProgress) => void;
  signal?: AbortSignal;
}

/** What the server has the controller's agent read from a device: its properties and its point list. */
export function createDeviceReads({ db, agentLink, uploads, events, background, log }: DeviceReadsDeps) {
  /**
   * Reads the device's properties through its controller's agent and records the outcome: available with what was
   * read, or unavailable when the device failed to answer. Anything else (no agent, no answer from the agent) is
   * thrown and leaves the device as it was.
   */
  async function readProperties(device: BacnetDevice): Promise<BacnetDevice> {
    let props: DeviceProperties | null;
    try {
      const answer = await agentLink.call(device.syrx_controller_id, { requestType: 'ReloadDevice', ...deviceTargetOf(device) });
      const parsed = reloadDeviceResultSchema.safeParse(answer.Data);
      if (!parsed.success) throw unreadableAnswer();
      props = parsed.data;
    } catch (err) {
      if (!deviceFailed(err)) throw err;
      props = null;
    }
    const revisionChanged = await recordRead(db, device.id, props, device.database_revision);
    if (revisionChanged) events.emit('controller-config-changed', device.syrx_controller_id);
    const updated = await devicesRepo.find(db, device.id);
    if (!updated) throw AppError.notFound('The BACnet device');
    return updated;
  }

  /**
   * Reads the device's object list and properties through the agent and stages them as an upload, not yet applied:
   * the point list crosses the network once, from the agent to the server.
   */
  async function stagePoints(device: BacnetDevice, source: PointChangeSource, watch: PointReadWatch = {}): Promise<StagedPointRead> {
    const onData = watch.onProgress && ((d: { Data: unknown }) => {
      const p = reloadPointsProgressSchema.safeParse(d.Data);
      if (p.success) watch.onProgress?.(p.data);
    });
    const answer = await agentLink.call(device.syrx_controller_id, { requestType: 'ReloadPoints', ...deviceTargetOf(device) }, { onData, signal: watch.signal })
      .catch(async (err: unknown) => {
        if (err instanceof AgentCallError && err.failure === 'exception' && err.exceptionType === 'BacnetTimeout') throw await markSilent(device, err);
        throw err;
      });
    const parsed = reloadPointsResultSchema.safeParse(answer.Data);
    if (!parsed.success) throw unreadableAnswer();
    const { points, ...read } = parsed.data;
    const { upload_id } = await uploads.stageAll(device.id, points, { database_revision: read.database_revision, source });
    return { upload_id, ...read, point_count: points.length };
  }

  /**
   * A device that did not answer a point read is marked unavailable at once (the agent asked it nothing more after its
   * first unanswered request), and the error says so; same status and details as the agent's BacnetTimeout.
   */
  async function markSilent(device: BacnetDevice, err: AgentCallError): Promise<AppError> {
    await recordRead(db, device.id, null, device.database_revision);
    const message = `Device ${device.instance_number} did not answer, so it is marked unavailable and nothing more was asked of it (${err.message}).`;
    return new AppError(err.code, err.status, message, undefined, err.details);
  }

  /** Reads the device's points through the agent and stores them at once (by a user, unless said otherwise). */
  async function reloadPoints(device: BacnetDevice, source: PointChangeSource = 'user'): Promise<PointUploadResult> {
    const { upload_id } = await stagePoints(device, source);
    return uploads.complete(device.id, upload_id);
  }

  /**
   * Reads devices' properties in the background (bounded); without a connected agent they stay as they are. A device
   * found by discovery (pending) that answers gets its point list read too, so what discovery found is complete
   * without a reload per device; a device added by hand waits for a user's reload.
   */
  function readInBackground(ids: number[]): void {
    for (const id of ids) {
      background.run(`read BACnet device ${id}`, async () => {
        const device = await devicesRepo.find(db, id);
        if (!device || device.ignored) return;
        try {
          const read = await readProperties(device);
          if (device.status === 'pending' && read.status === 'available') await reloadPoints(read, 'discovery');
        } catch (err) {
          if (!(err instanceof AgentCallError)) throw err;
          log.debug({ deviceId: id, reason: err.message }, 'device properties not read');
        }
      });
    }
  }

  return {
    readProperties,
    stagePoints,
    reloadPoints,
    readInBackground,
    /** Devices of the controllers found by discovery whose properties were never read (their agent was away): read them now. */
    async readPending(controllerIds: readonly string[]): Promise<void> {
      readInBackground(await devicesRepo.pendingIds(db, controllerIds));
    },
  };
}
export type DeviceReads = ReturnType<typeof createDeviceReads>;
