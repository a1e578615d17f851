import type { AgentDevice } from '@syrx/contracts/agent-protocol';
import { bacnetMessages } from '@syrx/contracts/bacnet';
import { type BacnetDevice, type DeviceSubmissionResult, sortableDeviceFields } from '@syrx/contracts/devices';
import { AppError } from '@syrx/contracts/errors';
import type { PointReadProgress } from '@syrx/contracts/realtime';
import { type FilteredGridQuery, pageOf } from '@syrx/contracts/grid';
import type { PointUploadResult, StagedPointRead } from '@syrx/contracts/points';
import { and } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { filtersSqlOf, orderByOf } from '../../lib/grid-sql.ts';
import { gatedCount, gatedRows } from '../../lib/gated-read.ts';
import type { ControllersService, SqlGate } from '../controllers/controllers.service.ts';
import type { Actor } from '../../security/actor.ts';
import type { DeviceReads } from './device-reads.service.ts';
import { applyPatch, type DevicePropertiesPatch } from './device-properties.ts';
import { type DeviceAddressInput, deviceFilterColumns, deviceListWhere, deviceSortColumns, devicesRepo } from './devices.repo.ts';

export interface DeviceListQuery extends FilteredGridQuery {
  showUnavailable?: boolean | undefined;
}

type StagedProgress = PointReadProgress['progress'];

const deviceNotFound = () => AppError.notFound('The BACnet device');

/** One entry per instance number (the first wins): instance numbers are unique on a BACnet internetwork. */
function uniqueByInstance(list: DeviceAddressInput[]): DeviceAddressInput[] {
  const byInstance = new Map<number, DeviceAddressInput>();
  for (const x of list) if (!byInstance.has(x.instance_number)) byInstance.set(x.instance_number, x);
  return [...byInstance.values()];
}

/** A controller's BACnet devices: listing, adding by hand or from discovery, ignoring, and the agent's reads of them. */
export function createDevicesService(db: Db, controllers: ControllersService, events: DomainEvents, reads: DeviceReads) {
  const configChanged = (controllerId: string) => events.emit('controller-config-changed', controllerId);

  /** The controller if visible (else 404); for a change, pcs_admin as well (checked after visibility, so nothing leaks). */
  async function controllerFor(actor: Actor, controllerId: string, change: boolean): Promise<void> {
    const c = await controllers.accessible(actor, controllerId);
    if (change) controllers.requireAdmin(actor, c.group_id);
  }

  /** A device of that controller; a device of another controller is not found. */
  async function deviceOf(actor: Actor, controllerId: string, deviceId: number, change = false): Promise<BacnetDevice> {
    await controllerFor(actor, controllerId, change);
    const device = await devicesRepo.find(db, deviceId);
    if (!device || device.syrx_controller_id !== controllerId) throw deviceNotFound();
    return device;
  }

  function where(controllerId: string, q: DeviceListQuery, gate: SqlGate) {
    return and(gate.condition, deviceListWhere(controllerId, q.showUnavailable ?? false, filtersSqlOf(q.filters, deviceFilterColumns)));
  }

  /** Adds the new ones as pending and starts reading them; answers them as added (before a read can change them). */
  async function addFound(controllerId: string, list: DeviceAddressInput[]): Promise<BacnetDevice[]> {
    const ids = await devicesRepo.insertNew(db, controllerId, uniqueByInstance(list), 'pending');
    if (ids.length === 0) return [];
    const added = await devicesRepo.findMany(db, ids);
    configChanged(controllerId);
    reads.readInBackground(ids);
    return added;
  }

  return {
    // Each read carries the controller's access gate (lib/gated-read.ts): one round trip, the gate's 404 first.
    list(actor: Actor, controllerId: string, q: DeviceListQuery): Promise<BacnetDevice[]> {
      const gate = controllers.controllerGate(actor, controllerId);
      return gatedRows(gate, () => devicesRepo.list(db, where(controllerId, q, gate), orderByOf(q.sort, deviceSortColumns, sortableDeviceFields), pageOf(q)));
    },

    count(actor: Actor, controllerId: string, q: DeviceListQuery): Promise<number> {
      const gate = controllers.controllerGate(actor, controllerId);
      return gatedCount(gate, () => devicesRepo.count(db, where(controllerId, q, gate)));
    },

    get: (actor: Actor, controllerId: string, deviceId: number) => deviceOf(actor, controllerId, deviceId),

    /** Adds one device by hand (status unknown); 409 when the controller has its instance number already. */
    async add(actor: Actor, controllerId: string, input: DeviceAddressInput): Promise<BacnetDevice> {
      await controllerFor(actor, controllerId, true);
      const [id] = await devicesRepo.insertNew(db, controllerId, [input], 'unknown');
      if (id === undefined) throw AppError.conflict(bacnetMessages.deviceExists, [{ field: 'instance_number', message: bacnetMessages.deviceExists }]);
      configChanged(controllerId);
      const device = await devicesRepo.find(db, id);
      if (!device) throw deviceNotFound();
      return device;
    },

    /** Devices found by discovery: known instance numbers are skipped, new ones added as pending and read in the background. */
    async submit(actor: Actor, controllerId: string, list: DeviceAddressInput[]): Promise<DeviceSubmissionResult> {
      await controllerFor(actor, controllerId, true);
      const added = await addFound(controllerId, list);
      return { added, skipped: list.length - added.length };
    },

    /** The same for a background Discover-devices message (no user involved); returns how many were added. */
    addDiscovered: async (controllerId: string, list: DeviceAddressInput[]): Promise<number> => (await addFound(controllerId, list)).length,

    /** Properties read by the browser, for devices of one controller (or, without one, of any the actor may change). */
    async patch(actor: Actor, controllerId: string | null, patches: ({ id: number } & DevicePropertiesPatch)[]): Promise<BacnetDevice[]> {
      const devices = await devicesRepo.findMany(db, [...new Set(patches.map((p) => p.id))]);
      const byId = new Map(devices.map((x) => [x.id, x]));
      const checked = new Set<string>();
      for (const p of patches) {
        const device = byId.get(p.id);
        if (!device || (controllerId !== null && device.syrx_controller_id !== controllerId)) throw deviceNotFound();
        if (checked.has(device.syrx_controller_id)) continue;
        await controllerFor(actor, device.syrx_controller_id, true).catch((err: unknown) => {
          throw err instanceof AppError && err.status === 404 ? deviceNotFound() : err;
        });
        checked.add(device.syrx_controller_id);
      }
      const changed = await db.transaction(async (tx) => {
        const out = new Set<string>();
        for (const p of patches) {
          const device = byId.get(p.id);
          if (device && (await applyPatch(tx, p.id, p, device.database_revision))) out.add(device.syrx_controller_id);
        }
        return out;
      });
      for (const id of changed) configChanged(id);
      return devicesRepo.findMany(db, [...byId.keys()]);
    },

    async setIgnored(actor: Actor, controllerId: string, deviceId: number, ignored: boolean): Promise<BacnetDevice> {
      const device = await deviceOf(actor, controllerId, deviceId, true);
      if (device.ignored === ignored) return device;
      await devicesRepo.update(db, deviceId, { ignored });
      configChanged(controllerId);
      return (await devicesRepo.find(db, deviceId)) ?? device;
    },

    async reloadProperties(actor: Actor, controllerId: string, deviceId: number): Promise<BacnetDevice> {
      return reads.readProperties(await deviceOf(actor, controllerId, deviceId, true));
    },

    async reloadPoints(actor: Actor, controllerId: string, deviceId: number): Promise<PointUploadResult> {
      return reads.reloadPoints(await deviceOf(actor, controllerId, deviceId, true));
    },

    /**
     * The reload-points dialog: the agent reads the points, the server stages them for the user to review (completed
     * through the point upload's complete); the progress goes to the controller's browsers under the browser's read id.
     */
    async stagePoints(actor: Actor, controllerId: string, deviceId: number, readId: string, signal?: AbortSignal): Promise<StagedPointRead> {
      const device = await deviceOf(actor, controllerId, deviceId, true);
      const onProgress = (progress: StagedProgress) => events.emit('point-read-progress', { syrxControllerId: device.syrx_controller_id, deviceId, readId, progress });
      return reads.stagePoints(device, 'user', { onProgress, ...(signal ? { signal } : {}) });
    },

    /** The devices each controller's agent watches, by controller (read together, for agents' configurations). */
    agentDevicesOf: (controllerIds: readonly string[]): Promise<Map<string, AgentDevice[]>> => devicesRepo.watchedOf(db, controllerIds),

    /** Agents connected: read the devices discovery added while they were away. */
    readPending: (controllerIds: readonly string[]): Promise<void> => reads.readPending(controllerIds),
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
