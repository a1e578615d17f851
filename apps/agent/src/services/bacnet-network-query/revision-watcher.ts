import { setTimeout as sleep } from 'node:timers/promises';
import { ObjectType, PropertyIdentifier } from '@bacnet-js/client';
import type { AgentDevice } from '@syrx/contracts/agent-protocol';
import { bacnetLimits } from '@syrx/contracts/bacnet';
import { deviceTargetOf } from '@syrx/contracts/realtime';
import { numberOf } from '../../bacnet/app-data.ts';
import { toReceiver } from '../../bacnet/bacnet-address.ts';
import { Semaphore } from '../../bacnet/semaphore.ts';
import type { Logger } from '../../logger.ts';
import type { BacnetAccess } from './bacnet-interface.ts';
import { readPoints } from './point-reader.ts';
import type { PointUploader } from './point-upload.ts';

export interface RevisionWatcherOptions {
  bacnet: BacnetAccess;
  upload: PointUploader;
  logger: Logger;
  /** Every device is checked once per interval, the checks spread over it. */
  intervalMs: number;
  /** Devices checked at once. */
  concurrency?: number;
}

/** What one check of a device did. */
export type RevisionCheck = 'unchanged' | 'uploaded' | 'unreachable' | 'failed';

/**
 * Watches the devices the server lists in the agent's configuration: reads each one's Database_Revision every
 * interval and, when it differs from the known (non-null) revision, re-reads its points and uploads them. The
 * known revision is the server's, until an upload succeeds; a failed upload is tried again at the next check; a
 * device that does not answer is skipped (debug log).
 */
export class RevisionWatcher {
  private devices: AgentDevice[] = [];
  private readonly known = new Map<number, { fromServer: number | null; revision: number | null }>();
  private readonly pool: Semaphore;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<unknown> | null = null;
  private readonly stopping = new AbortController();

  constructor(private readonly o: RevisionWatcherOptions) {
    this.pool = new Semaphore(o.concurrency ?? 2);
  }

  setDevices(devices: readonly AgentDevice[]): void {
    this.devices = [...devices];
    const ids = new Set(devices.map((d) => d.id));
    for (const id of this.known.keys()) if (!ids.has(id)) this.known.delete(id);
    for (const d of devices) {
      const entry = this.known.get(d.id);
      // What the server says wins whenever it changes (it stored an upload, or a user reloaded the device).
      if (!entry || entry.fromServer !== d.database_revision) this.known.set(d.id, { fromServer: d.database_revision, revision: d.database_revision });
    }
  }

  start(): void {
    this.timer ??= setInterval(() => {
      this.round ??= this.checkAll(this.o.intervalMs * 0.9).finally(() => (this.round = null));
    }, this.o.intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.stopping.abort();
  }

  /** Checks every device once, the starts spread over spreadMs (0: all at once, within the concurrency). */
  async checkAll(spreadMs = 0): Promise<Map<number, RevisionCheck>> {
    const devices = this.devices;
    const outcomes = new Map<number, RevisionCheck>();
    const gap = devices.length > 0 ? spreadMs / devices.length : 0;
    const started: Promise<void>[] = [];
    for (const device of devices) {
      if (this.stopping.signal.aborted) break;
      started.push(this.pool.run(async () => { outcomes.set(device.id, await this.check(device)); }));
      if (gap > 0) await sleep(gap, undefined, { signal: this.stopping.signal }).catch(() => undefined);
    }
    await Promise.all(started);
    return outcomes;
  }

  private async check(device: AgentDevice): Promise<RevisionCheck> {
    const { logger } = this.o;
    const log = { deviceId: device.id, instance: device.instance_number };
    let current: number | null;
    const net = await this.o.bacnet.network().catch(() => null);
    if (!net) return 'unreachable';
    try {
      const values = await net.readProperty(toReceiver(deviceTargetOf(device)), { type: ObjectType.DEVICE, instance: device.instance_number }, PropertyIdentifier.DATABASE_REVISION);
      current = numberOf({ ok: true, values });
    } catch (err) {
      logger.debug({ ...log, err: String(err) }, 'revision check: the device did not answer; skipped');
      return 'unreachable';
    }
    const entry = this.known.get(device.id);
    if (current === null || !entry || entry.revision === null || current === entry.revision) return 'unchanged';
    try {
      const read = await readPoints(net, deviceTargetOf(device), { maxPoints: bacnetLimits.maxPointsPerDevice, signal: this.stopping.signal });
      const result = await this.o.upload(device, read);
      entry.revision = read.database_revision ?? current;
      logger.info({ ...log, from: entry.fromServer, to: entry.revision, points: read.points.length, result }, 'database revision changed; points uploaded');
      return 'uploaded';
    } catch (err) {
      logger.warn({ ...log, err: String(err) }, 'database revision changed but the points could not be read or uploaded; trying again at the next check');
      return 'failed';
    }
  }
}
