import { objectIdLabel, standardObjectName } from '@syrx/contracts/bacnet';
import { toBacnetError } from '../../bacnet/bacnet-errors.ts';
import type { BacnetNetwork } from '../../bacnet/bacnet-network.ts';
import type { Logger } from '../../logger.ts';
import type { TrackedPoint } from './reporting-points.ts';

/** How subscribing a device's points ended: every one tried, or the device cannot do COV (now, or at all). */
export type SubscribeOutcome = 'done' | 'unsupported' | 'silent' | 'interrupted';

export interface CovSubscriptionsOptions {
  /** Our subscriber process identifier, in every SubscribeCOV and matched in every notification. */
  processId: number;
  lifetimeSeconds: number;
  logger: Logger;
}

/**
 * The SubscribeCOV subscriptions the reporting service holds, by point key: when each is due for renewal (80 % of
 * its lifetime), and the points whose object refused a subscription (they are polled instead).
 */
export class CovSubscriptions {
  private readonly renewAt = new Map<string, number>();
  private readonly refused = new Set<string>();

  constructor(private readonly o: CovSubscriptionsOptions) {}

  /** Subscriptions held. */
  get count(): number {
    return this.renewAt.size;
  }

  /** The point's object refused SubscribeCOV: it is polled. */
  isRefused(key: string): boolean {
    return this.refused.has(key);
  }

  /** Not subscribed, or due for renewal. */
  isDue(key: string, now: number): boolean {
    return !this.refused.has(key) && (this.renewAt.get(key) ?? 0) <= now;
  }

  /** Every subscription is to be made again (the interface was reopened: the devices notify the old socket). */
  clear(): void {
    this.renewAt.clear();
    this.refused.clear();
  }

  /** Forgets subscriptions (of a device that went silent) without cancelling them. */
  forget(keys: Iterable<string>): void {
    for (const key of keys) this.renewAt.delete(key);
  }

  /**
   * Subscribes (or renews) a device's points one after the other, as long as `current()` says they are still
   * wanted on this network. Stops at the first sign that the device has no COV (Reject unrecognized-service) or is
   * silent (time-out); an Error or Abort for one object marks that point refused.
   */
  async subscribe(net: BacnetNetwork, points: readonly TrackedPoint[], current: (p: TrackedPoint) => boolean): Promise<SubscribeOutcome> {
    const { processId, lifetimeSeconds, logger } = this.o;
    for (const p of points) {
      if (!current(p)) return 'interrupted';
      try {
        await net.subscribeCov(p.receiver, p.objectId, { processId, lifetimeSeconds });
        if (current(p)) this.renewAt.set(p.key, Date.now() + lifetimeSeconds * 800);
        else await this.cancelOn(net, p); // removed while it was being subscribed
      } catch (err) {
        const e = toBacnetError(err);
        if (e.isServiceUnsupported) return 'unsupported';
        if (e.kind === 'timeout') return 'silent';
        if (e.kind === 'closed') return 'interrupted';
        const object = standardObjectName(objectIdLabel(p.objectId.type, p.objectId.instance));
        logger.info({ device: p.point.device_instance_number, object, pointId: p.point.id, err: e.message }, 'reporting: SubscribeCOV refused for this object; polling it');
        this.refused.add(p.key);
      }
    }
    return 'done';
  }

  /** Cancels a point's subscription (best effort: a device that does not answer lets it lapse). */
  async cancel(net: BacnetNetwork | null, p: TrackedPoint): Promise<void> {
    this.refused.delete(p.key);
    if (this.renewAt.delete(p.key) && net) await this.cancelOn(net, p);
  }

  private async cancelOn(net: BacnetNetwork, p: TrackedPoint): Promise<void> {
    await net.subscribeCov(p.receiver, p.objectId, { processId: this.o.processId, lifetimeSeconds: 0, cancel: true }).catch((err: unknown) => {
      this.o.logger.debug({ pointId: p.point.id, err: String(err) }, 'reporting: the cancellation of a subscription was not answered; it lapses');
    });
  }
}
