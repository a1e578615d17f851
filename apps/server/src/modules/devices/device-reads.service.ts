import type { BacnetDevice, DeviceProperties } from '@syrx/contracts/devices';
import { AppError } from '@syrx/contracts/errors';
import type { PointChangeSource, PointUploadResult } from '@syrx/contracts/points';
import { type DeviceTargetFields, reloadDeviceResultSchema, reloadPointsResultSchema } from '@syrx/contracts/realtime';
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

const targetOf = (d: BacnetDevice): DeviceTargetFields => ({
  macAddress: d.mac_address, network: d.network, destinationMacAddress: d.destination_mac_address, destinationNetwork: d.destination_network, instanceNumber: d.instance_number,
});

/** The agent answered that the device itself failed (BacnetTimeout, BacnetError, BacnetAbort …), not that it cannot try. */
const deviceFailed = (err: unknown): err is AgentCallError => err instanceof AgentCallError && err.failure === 'exception' && /^Bacnet/.test(err.exceptionType ?? '');
const unreadableAnswer = () => AppError.conflict("The controller's agent answered with data the server cannot read.");

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
      const answer = await agentLink.call(device.syrx_controller_id, { requestType: 'ReloadDevice', ...targetOf(device) });
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

  /** Reads the device's object list and properties through the agent and stores them (by a user, unless said otherwise). */
  async function reloadPoints(device: BacnetDevice, source: PointChangeSource = 'user'): Promise<PointUploadResult> {
    const answer = await agentLink.call(device.syrx_controller_id, { requestType: 'ReloadPoints', ...targetOf(device) });
    const parsed = reloadPointsResultSchema.safeParse(answer.Data);
    if (!parsed.success) throw unreadableAnswer();
    return uploads.uploadAll(device.id, parsed.data.points, { database_revision: parsed.data.database_revision, source });
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
    reloadPoints,
    readInBackground,
    /** Devices found by discovery whose properties were never read (their agent was away): read them now. */
    async readPending(controllerId: string): Promise<void> {
      readInBackground(await devicesRepo.pendingIds(db, controllerId));
    },
  };
}
export type DeviceReads = ReturnType<typeof createDeviceReads>;
