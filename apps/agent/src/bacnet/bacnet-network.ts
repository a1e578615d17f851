import BACnetClient, { type BACNetAddress, type BACNetObjectID, type BACNetReadAccessSpecification } from '@bacnet-js/client';
import type { Logger } from '../logger.ts';
import { toBacnetError } from './bacnet-errors.ts';
import { peerKey } from './bacnet-address.ts';
import { Semaphore } from './semaphore.ts';

export interface BacnetNetworkOptions {
  address: string;
  port: number;
  /** Where global broadcasts go (e.g. 127.255.255.255 on loopback). */
  broadcastAddress?: string;
  apduTimeoutMs?: number;
  /** Attempts per request when a device does not answer (BACnet's APDU retries). */
  attempts?: number;
  logger: Logger;
}

export interface IAm {
  address: BACNetAddress;
  deviceId: number;
  maxApdu: number;
  segmentation: number;
  vendorId: number;
}

/**
 * The agent's BACnet/IP interface: @bacnet-js/client plus what it lacks — retries of unanswered requests,
 * a bound on requests in flight (the library matches answers by invoke id alone), one exchange that may
 * come back segmented at a time (the library reassembles in one shared buffer), typed errors, and
 * foreign-device registration renewed before its time-to-live ends.
 */
export class BacnetNetwork {
  private readonly client: BACnetClient;
  private readonly inFlight = new Semaphore(32);
  private readonly maybeSegmented = new Semaphore(1);
  private readonly attempts: number;
  private readonly perPeer = new Map<string, Semaphore>();
  private renewal: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly opts: BacnetNetworkOptions) {
    this.client = new BACnetClient({
      interface: opts.address,
      port: opts.port,
      broadcastAddress: opts.broadcastAddress ?? '255.255.255.255',
      apduTimeout: opts.apduTimeoutMs ?? 3000,
      reuseAddr: false,
    });
    this.attempts = opts.attempts ?? 3;
    this.client.on('error', (err) => opts.logger.error({ err: err.message }, 'BACnet interface error'));
  }

  /** Ready once the UDP socket is bound; rejects with EADDRINUSE and the like. */
  async ready(): Promise<void> {
    // The library binds in its constructor; a tiny delay surfaces a bind error through its 'error' event.
    await new Promise<void>((resolve, reject) => {
      const onError = (err: Error) => reject(err);
      this.client.once('error', onError);
      setTimeout(() => {
        this.client.off('error', onError);
        resolve();
      }, 50);
    });
  }

  private peer(receiver: BACNetAddress): Semaphore {
    const key = peerKey(receiver);
    let s = this.perPeer.get(key);
    if (!s) this.perPeer.set(key, (s = new Semaphore(4)));
    return s;
  }

  /** Runs one confirmed request with retries on time-outs, within the in-flight limits. */
  private async request<T>(receiver: BACNetAddress, send: () => Promise<T>, segmented = false): Promise<T> {
    const run = async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await send();
        } catch (err) {
          const e = toBacnetError(err);
          if (e.kind !== 'timeout' || attempt >= this.attempts || this.closed) throw e;
        }
      }
    };
    const limited = () => this.inFlight.run(() => this.peer(receiver).run(run));
    return segmented ? this.maybeSegmented.run(limited) : limited();
  }

  async readProperty(receiver: BACNetAddress, objectId: BACNetObjectID, propertyId: number, arrayIndex?: number | null) {
    const wholeArray = arrayIndex === undefined || arrayIndex === null;
    // The library defaults options with ||, so index 0 has to go through as an explicit number.
    const options = wholeArray ? {} : { arrayIndex };
    const r = await this.request(receiver, () => this.client.readProperty(receiver, objectId, propertyId, options), wholeArray);
    return r.values;
  }

  async readPropertyMultiple(receiver: BACNetAddress, specs: BACNetReadAccessSpecification[]) {
    const r = await this.request(receiver, () => this.client.readPropertyMultiple(receiver, specs), true);
    return r.values;
  }

  /**
   * Broadcasts a Who-Is (globally, on one remote network, or through a BBMD as a foreign device) and
   * reports each I-Am until the signal aborts or the time is up.
   */
  async whoIs(o: { network?: number | null; lowLimit?: number | null; highLimit?: number | null; bbmd?: string | null; durationMs: number; signal?: AbortSignal }, onIAm: (i: IAm) => void): Promise<void> {
    const listener = (content: { header?: { sender: BACNetAddress }; payload: { deviceId: number; maxApdu: number; segmentation: number; vendorId: number } }) => {
      if (!content.header) return;
      const inRange = (o.lowLimit ?? 0) <= content.payload.deviceId && content.payload.deviceId <= (o.highLimit ?? 4194303);
      if (inRange) onIAm({ address: { ...content.header.sender }, ...content.payload });
    };
    this.client.on('iAm', listener);
    try {
      const limits = o.lowLimit !== null && o.lowLimit !== undefined && o.highLimit !== null && o.highLimit !== undefined ? { lowLimit: o.lowLimit, highLimit: o.highLimit } : {};
      if (o.bbmd) this.client.whoIsThroughBBMD({ address: o.bbmd }, limits);
      else if (o.network) this.client.whoIs({ address: this.opts.broadcastAddress ?? '255.255.255.255', net: o.network, adr: [] }, limits);
      else this.client.whoIs(limits);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, o.durationMs);
        o.signal?.addEventListener('abort', () => { clearTimeout(t); resolve(); }, { once: true });
      });
    } finally {
      this.client.off('iAm', listener);
    }
  }

  /** Registers as a foreign device with a BBMD and renews at 80 % of the time-to-live. */
  async registerForeignDevice(bbmd: string, ttlSeconds = 300): Promise<void> {
    clearTimeout(this.renewal);
    await this.request({ address: bbmd }, () => this.client.registerForeignDevice({ address: bbmd }, ttlSeconds));
    this.renewal = setTimeout(() => {
      this.registerForeignDevice(bbmd, ttlSeconds).catch((err: unknown) => this.opts.logger.warn({ err: String(err), bbmd }, 'foreign-device renewal failed; retrying'));
    }, ttlSeconds * 800);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.renewal);
    this.client.close();
  }
}
