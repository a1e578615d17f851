import { setTimeout as sleep } from 'node:timers/promises';
import type { AgentRecord, ReportingPoint } from '@syrx/contracts/records';
import type { BacnetNetwork, CovNotification } from '../../bacnet/bacnet-network.ts';
import type { Logger } from '../../logger.ts';
import { CovSubscriptions } from './cov-subscriptions.ts';
import { pollPoints } from './poll-points.ts';
import { byDevice, deviceKeyOf, pointKeyOf, presentValueId, recordValue, toRecord, trackPoints, type TrackedPoint } from './reporting-points.ts';
import { RoundRobinPoller } from './round-robin-poller.ts';

/** The agent's BACnet interface as the collector needs it (the query service's BacnetInterface fits). */
export interface NetworkSource {
  /** The open network; rejects while the interface is not bound. A new object after the interface reopened. */
  network(): Promise<BacnetNetwork>;
}

export interface CollectorOptions {
  bacnet: NetworkSource;
  logger: Logger;
  onRecord: (record: AgentRecord) => void;
  covLifetimeSeconds: number;
  pollMs: number;
  /** Our SubscribeCOV subscriber process identifier. */
  processId: number;
  /** How long a device that did not answer SubscribeCOV is polled before COV is tried again (default 10 min). */
  covRetryMs?: number;
}

/**
 * Collects the present-value of every configured point: SubscribeCOV where the device has it (renewed at 80 % of
 * the lifetime, made again when the interface reopens), ReadPropertyMultiple polling of the rest (a device that
 * rejects SubscribeCOV or does not answer it, an object that refuses it), each device in turn across the interval.
 */
export class Collector {
  private points = new Map<string, TrackedPoint>();
  private devices = new Map<string, TrackedPoint[]>();
  /** Devices polled instead: for ever (null: they reject SubscribeCOV) or until a time (they did not answer). */
  private readonly noCov = new Map<string, number | null>();
  private readonly subscribing = new Set<string>();
  private readonly cov: CovSubscriptions;
  private readonly poller: RoundRobinPoller;
  private net: BacnetNetwork | null = null;
  private unlisten: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private running = false;

  constructor(private readonly o: CollectorOptions) {
    this.cov = new CovSubscriptions({ processId: o.processId, lifetimeSeconds: o.covLifetimeSeconds, logger: o.logger });
    this.poller = new RoundRobinPoller({ devices: () => this.polledDevices(), poll: (key) => this.poll(key), intervalMs: o.pollMs });
  }

  /** The points to collect from now on; resolves once the subscriptions of the points removed are cancelled. */
  async setPoints(points: readonly ReportingPoint[], pollMs: number): Promise<void> {
    const next = trackPoints(points, this.o.logger);
    const removed = [...this.points.values()].filter((p) => !next.has(p.key));
    this.points = next;
    this.devices = byDevice(next.values());
    this.poller.setInterval(pollMs);
    if (this.running) setImmediate(() => void this.tick());
    await Promise.all(removed.map((p) => this.cov.cancel(this.net, p)));
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    // Often enough to renew on time (a tenth of the lifetime), at most every second.
    this.timer = setInterval(() => void this.tick(), Math.max(50, Math.min(1000, this.o.covLifetimeSeconds * 100)));
    this.poller.start();
    void this.tick();
  }

  /** Stops collecting and cancels the subscriptions (waiting at most 2 s for the devices). */
  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.timer);
    this.poller.stop();
    const cancels = Promise.all([...this.points.values()].map((p) => this.cov.cancel(this.net, p)));
    await Promise.race([cancels, sleep(2000, undefined, { ref: false })]);
    this.unlisten?.();
    this.net = null;
  }

  diagnostics(): { cov_subscriptions: number; polled_points: number } {
    let polled = 0;
    for (const p of this.points.values()) if (this.isPolled(p)) polled++;
    return { cov_subscriptions: this.cov.count, polled_points: polled };
  }

  private isPolled(p: TrackedPoint): boolean {
    return this.noCov.has(p.deviceKey) || this.cov.isRefused(p.key);
  }

  private polledDevices(): string[] {
    return [...this.devices].filter(([, points]) => points.some((p) => this.isPolled(p))).map(([key]) => key);
  }

  private async tick(): Promise<void> {
    if (this.ticking || !this.running) return;
    this.ticking = true;
    try {
      const net = await this.o.bacnet.network().catch(() => null);
      if (!this.running) return;
      if (net !== this.net) this.attach(net);
      if (!net) return;
      const now = Date.now();
      for (const [deviceKey, points] of this.devices) {
        const retryAt = this.noCov.get(deviceKey);
        if (this.subscribing.has(deviceKey) || retryAt === null || (retryAt !== undefined && retryAt > now)) continue;
        this.noCov.delete(deviceKey);
        const due = points.filter((p) => this.cov.isDue(p.key, now));
        if (due.length > 0) void this.subscribeDevice(net, deviceKey, due);
      }
    } finally {
      this.ticking = false;
    }
  }

  /** A new network (or none): listen to its notifications; every subscription is to be made again. */
  private attach(net: BacnetNetwork | null): void {
    this.unlisten?.();
    this.unlisten = net?.onCovNotification((n) => this.notified(n));
    if (this.net && net) this.o.logger.info('reporting: the BACnet interface reopened; subscribing again');
    this.net = net;
    this.cov.clear();
    for (const [key, retryAt] of this.noCov) if (retryAt !== null) this.noCov.set(key, 0);
  }

  private async subscribeDevice(net: BacnetNetwork, deviceKey: string, due: readonly TrackedPoint[]): Promise<void> {
    this.subscribing.add(deviceKey);
    try {
      const outcome = await this.cov.subscribe(net, due, (p) => this.running && this.net === net && this.points.has(p.key));
      const [first] = due;
      const log = { device: first?.point.device_instance_number, address: first?.point.mac_address };
      if (outcome === 'done') {
        const refused = due.filter((p) => this.cov.isRefused(p.key)).length;
        this.o.logger.info({ ...log, subscribed: due.length - refused, refused }, 'reporting: COV subscriptions made');
      }
      if (outcome !== 'unsupported' && outcome !== 'silent') return;
      const retryMs = this.o.covRetryMs ?? 600_000;
      this.noCov.set(deviceKey, outcome === 'unsupported' ? null : Date.now() + retryMs);
      this.cov.forget((this.devices.get(deviceKey) ?? []).map((p) => p.key));
      if (outcome === 'unsupported') this.o.logger.info(log, 'reporting: the device rejects SubscribeCOV; polling its points');
      else this.o.logger.warn({ ...log, covRetryMs: retryMs }, 'reporting: the device did not answer SubscribeCOV; polling its points for now');
    } finally {
      this.subscribing.delete(deviceKey);
    }
  }

  private async poll(deviceKey: string): Promise<void> {
    const points = (this.devices.get(deviceKey) ?? []).filter((p) => this.isPolled(p));
    if (this.net) await pollPoints(this.net, points, (p, value, time) => this.emit(p, value, time), this.o.logger);
  }

  private notified(n: CovNotification): void {
    if (n.subscriberProcessId !== this.o.processId) return;
    const p = this.points.get(pointKeyOf(deviceKeyOf(n.sender, n.deviceInstance), n.objectId));
    if (p) this.emit(p, recordValue(n.values.find((v) => v.property.id === presentValueId)?.value), Date.now());
  }

  private emit(p: TrackedPoint, value: number | null, time: number): void {
    const record = toRecord(p.point.id, time, value);
    if (record) this.o.onRecord(record);
    else this.o.logger.debug({ pointId: p.point.id, value }, 'reporting: not a number; no record');
  }
}
