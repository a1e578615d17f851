import { ConfirmedServiceChoice, ErrorClass, ErrorCode, PropertyIdentifier as P, UnconfirmedServiceChoice, type BACNetObjectID } from '@bacnet-js/client';
import { appData, type BacnetFailure } from '../model/property-value.ts';
import type { SimDevice } from '../model/sim-device.ts';
import type { SimObject } from '../model/sim-object.ts';
import { apdu, maxApduCode } from './apdu-builders.ts';
import { CovNotify } from './bacnet-lib.ts';
import type { DeviceContext, DeviceLink } from './device-link.ts';
import { peerKey, type BacnetPeer } from './frame.ts';

export interface SubscribeCovRequest {
  subscriberProcessId: number;
  monitoredObjectId: BACNetObjectID;
  cancellationRequest: boolean;
  issueConfirmedNotifications?: boolean;
  lifetime?: number;
}

interface Subscription {
  subscriber: BacnetPeer;
  processId: number;
  objectId: BACNetObjectID;
  confirmed: boolean;
  expiresAt: number | undefined;
  lastValue: number | undefined;
  lastOutOfService: boolean | undefined;
}

const ackTimeoutMs = 3000;

/**
 * SubscribeCOV state of one device. A notification goes out on subscription, then whenever present-value
 * moves by cov-increment or more (analog), changes at all (binary, multi-state), or status-flags change.
 */
export class CovSubscriptions {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly awaitingAck = new Map<number, NodeJS.Timeout>();
  private nextInvokeId = 0;

  constructor(
    private readonly device: SimDevice,
    private readonly link: DeviceLink,
    private readonly context: DeviceContext,
  ) {}

  get count(): number {
    return this.subscriptions.size;
  }

  /** Adds, renews or cancels a subscription; returns the error to answer, if any. */
  subscribe(from: BacnetPeer, request: SubscribeCovRequest): BacnetFailure | undefined {
    const { monitoredObjectId: objectId } = request;
    if (this.device.isDevice(objectId)) return { errorClass: ErrorClass.OBJECT, errorCode: ErrorCode.OPTIONAL_FUNCTIONALITY_NOT_SUPPORTED };
    if (!this.device.point(objectId)) return { errorClass: ErrorClass.OBJECT, errorCode: ErrorCode.UNKNOWN_OBJECT };
    const station = from.station ? `${from.station.net}/${from.station.adr?.join('.') ?? ''}` : '';
    const key = `${peerKey(from)}|${station}|${request.subscriberProcessId}|${objectId.type}:${objectId.instance}`;
    if (request.cancellationRequest) {
      this.subscriptions.delete(key);
      return undefined;
    }
    const lifetime = request.lifetime ?? 0;
    this.subscriptions.set(key, {
      subscriber: from,
      processId: request.subscriberProcessId,
      objectId,
      confirmed: request.issueConfirmedNotifications ?? false,
      expiresAt: lifetime > 0 ? this.context.now() + lifetime * 1000 : undefined,
      lastValue: undefined,
      lastOutOfService: undefined,
    });
    return undefined;
  }

  /** Sends the notifications that are due and forgets expired subscriptions and removed objects. */
  check(): void {
    const now = this.context.now();
    for (const [key, subscription] of this.subscriptions) {
      const point = this.device.point(subscription.objectId);
      if (!point || (subscription.expiresAt !== undefined && subscription.expiresAt <= now)) {
        this.subscriptions.delete(key);
        continue;
      }
      const value = point.presentValue(now);
      if (!this.changed(point, subscription, value)) continue;
      subscription.lastValue = value;
      subscription.lastOutOfService = point.outOfService;
      this.notify(subscription, point, value, now);
    }
  }

  private changed(point: SimObject, subscription: Subscription, value: number): boolean {
    if (subscription.lastValue === undefined || subscription.lastOutOfService !== point.outOfService) return true;
    if (point.kind === 'analog') return Math.abs(value - subscription.lastValue) >= point.covIncrement;
    return value !== subscription.lastValue;
  }

  private notify(subscription: Subscription, point: SimObject, value: number, now: number): void {
    const timeRemaining = subscription.expiresAt === undefined ? 0 : Math.max(0, Math.ceil((subscription.expiresAt - now) / 1000));
    const values = [
      { property: { id: P.PRESENT_VALUE }, value: [point.encodeValue(value)] },
      { property: { id: P.STATUS_FLAGS }, value: [appData.bitString(point.statusFlags())] },
    ];
    const body = (t: Parameters<typeof CovNotify.encode>[0]) =>
      CovNotify.encode(t, subscription.processId, this.device.instance, subscription.objectId, timeRemaining, values);
    if (!subscription.confirmed) {
      this.link.send(subscription.subscriber, apdu.unconfirmed(UnconfirmedServiceChoice.UNCONFIRMED_COV_NOTIFICATION, body), false);
      return;
    }
    const invokeId = this.nextInvokeId;
    this.nextInvokeId = (this.nextInvokeId + 1) % 256;
    const request = apdu.confirmed(ConfirmedServiceChoice.CONFIRMED_COV_NOTIFICATION, invokeId, maxApduCode(this.device.maxApdu), body);
    this.link.send(subscription.subscriber, request, true);
    clearTimeout(this.awaitingAck.get(invokeId));
    const timer = setTimeout(() => {
      this.awaitingAck.delete(invokeId);
      this.context.logger.debug(`${this.device.name}: no acknowledgement of confirmed COV notification ${invokeId} from ${peerKey(subscription.subscriber)}`);
    }, ackTimeoutMs);
    timer.unref();
    this.awaitingAck.set(invokeId, timer);
  }

  /** A SimpleAck, Error, Reject or Abort for one of our confirmed notifications. */
  answered(invokeId: number): void {
    clearTimeout(this.awaitingAck.get(invokeId));
    this.awaitingAck.delete(invokeId);
  }

  clear(): void {
    for (const timer of this.awaitingAck.values()) clearTimeout(timer);
    this.awaitingAck.clear();
    this.subscriptions.clear();
  }
}
