import BacnetExport, { ApplicationTag, ConfirmedServiceChoice, PropertyIdentifier, type ApplicationData, type BACNetAddress, type BACNetAppData, type BACNetObjectID, type BACNetReadAccessSpecification, type DecodeAcknowledgeMultipleResult } from '@bacnet-js/client';
import type { Logger } from '../logger.ts';
import { BacnetError, toBacnetError } from './bacnet-errors.ts';
import { peerKey } from './bacnet-address.ts';
import { PeerTable } from './peer-info.ts';
import { readRangeByTime, type RangeAnswer } from './read-range.ts';
import { InvokeIds } from './invoke-ids.ts';
import { replaceRequestTable } from './request-table.ts';
import { Semaphore } from './semaphore.ts';
import { encodeWhoIs, globalNetwork, type WhoIsLimits } from './who-is.ts';

// Node's ESM loader (tsx) hands the CommonJS default export over as module.exports, whose .default is the
// class; vitest and bundlers hand over the class itself. Accept both.
const BacnetClient = (BacnetExport as unknown as { default?: typeof BacnetExport }).default ?? BacnetExport;
type Client = InstanceType<typeof BacnetExport>;

export interface BacnetNetworkOptions {
  address: string;
  port: number;
  /** Where broadcasts go when there is no BBMD (255.255.255.255, or the subnet's broadcast address). */
  broadcastAddress?: string;
  /** How long one transmission of a confirmed request waits for its answer (BACnet's APDU_Timeout; default 3000). */
  apduTimeoutMs?: number | undefined;
  /** Retransmissions of an unanswered request, with the same invoke ID (BACnet's Number_Of_APDU_Retries; default 3). */
  apduRetries?: number | undefined;
  /** Requests in flight at once, in all (the library matches answers by invoke ID alone: 1–255 here). */
  maxInFlight?: number;
  /** Requests in flight to one device. */
  maxPerPeer?: number;
  logger: Logger;
}

export interface IAm {
  address: BACNetAddress;
  deviceId: number;
  maxApdu: number;
  segmentation: number;
  vendorId: number;
}

type IAmContent = { header?: { sender: BACNetAddress }; payload: Omit<IAm, 'address'> };

/** A COV notification (confirmed or not) as a device sent it. */
export interface CovNotification {
  sender: BACNetAddress;
  subscriberProcessId: number;
  deviceInstance: number;
  objectId: BACNetObjectID;
  values: { property: { id: number }; value: BACNetAppData[] }[];
}
// The library's type says initiatingDeviceId is a number; it decodes the object identifier ({ type: 8, instance }).
type CovContent = { header?: { sender: BACNetAddress }; invokeId?: number; payload: { subscriberProcessId: number; initiatingDeviceId: number | BACNetObjectID; monitoredObjectId: BACNetObjectID; values: CovNotification['values'] } };

/** The APDU timing of a network: the defaults of ASHRAE 135 (APDU_Timeout 3 s, Number_Of_APDU_Retries 3). */
export const defaultApduTimeoutMs = 3000;
export const defaultApduRetries = 3;

/**
 * The agent's BACnet/IP interface: @bacnet-js/client plus what it lacks — retransmission of unanswered requests
 * (clause 5.4: the same APDU with the same invoke ID, so an answer to any transmission is matched), a device that
 * did not answer failing the requests queued for it at once, a bound on requests in flight (in all and per
 * device), typed errors, Who-Is to remote networks and through a
 * BBMD, foreign-device registration renewed before its time-to-live ends, and what is known of each peer
 * (max APDU, segmentation, ReadPropertyMultiple support).
 *
 * Segmentation: the library reassembles segmented replies in ONE buffer per client, so two segmented replies
 * arriving at the same time corrupt each other. Every exchange whose reply may come back segmented (a whole
 * array, or ReadPropertyMultiple, to a device that did not say it cannot send segmented replies) therefore
 * runs alone among such exchanges, on this client. Chunked reads (property-reads.ts) size each reply to fit
 * the device's max APDU, so they rarely need segmentation at all.
 */
export class BacnetNetwork {
  readonly peers = new PeerTable();
  private readonly client: Client;
  private readonly inFlight: Semaphore;
  private readonly maybeSegmented = new Semaphore(1);
  private readonly invokeIds = new InvokeIds();
  /** Per device: the request count at the moment a request to it went unanswered (see `request`). */
  private readonly silentAt = new Map<string, number>();
  private issued = 0;
  readonly apduTimeoutMs: number;
  readonly apduRetries: number;
  private readonly perPeer = new Map<string, Semaphore>();
  private readonly renewals = new Map<string, NodeJS.Timeout>();
  private closed = false;
  private readonly bound: Promise<void>;
  /** Confirmed requests sent (every transmission), for figures and tests. */
  requestsSent = 0;
  /** Retransmissions among them, for diagnostics. */
  retransmissions = 0;
  /** Requests that failed at once because their device had just not answered another, for diagnostics. */
  skippedForSilentDevice = 0;

  constructor(private readonly opts: BacnetNetworkOptions) {
    this.apduTimeoutMs = opts.apduTimeoutMs ?? defaultApduTimeoutMs;
    this.apduRetries = opts.apduRetries ?? defaultApduRetries;
    this.client = new BacnetClient({
      interface: opts.address,
      port: opts.port,
      broadcastAddress: opts.broadcastAddress ?? '255.255.255.255',
      apduTimeout: this.apduTimeoutMs,
      reuseAddr: false,
    });
    // The library's own table can lose a request whose invoke ID came round again quickly (request-table.ts).
    replaceRequestTable(this.client, this.apduTimeoutMs);
    this.inFlight = new Semaphore(opts.maxInFlight ?? 32);
    let bound = false; // a bind error is ready()'s to report
    this.bound = new Promise<void>((resolve, reject) => {
      this.client.once('listening', () => { bound = true; resolve(); });
      this.client.once('error', (err) => !bound && reject(err));
    });
    this.bound.catch(() => undefined); // reported by ready()
    this.client.on('error', (err) => bound && opts.logger.error({ err: err.message, address: opts.address, port: opts.port }, 'BACnet interface error'));
    this.client.on('iAm', (content: IAmContent) => {
      if (content.header) this.peers.learn(content.header.sender, { maxApdu: content.payload.maxApdu, segmentation: content.payload.segmentation });
    });
  }

  get address(): string {
    return `${this.opts.address}:${this.opts.port}`;
  }

  /** Resolves once the UDP socket is bound; rejects with the bind error (EADDRINUSE, EADDRNOTAVAIL …). */
  async ready(): Promise<void> {
    await this.bound;
  }

  private peer(receiver: BACNetAddress): Semaphore {
    const key = peerKey(receiver);
    let s = this.perPeer.get(key);
    if (!s) this.perPeer.set(key, (s = new Semaphore(this.opts.maxPerPeer ?? 4)));
    return s;
  }

  /**
   * Runs one confirmed request within the in-flight limits. `send` transmits it with the invoke ID given; the
   * library has no retransmission of its own, but takes the invoke ID as an option, so each retry re-encodes the
   * identical APDU with the same ID and the library matches an answer to any of the transmissions (a device that
   * answers after more than one APDU timeout is still heard). When the last retry goes unanswered the device counts
   * as silent: every request to it that was issued before then, still waiting for its turn or between its own
   * retries, fails at once with the same BacnetTimeout instead of waiting out its own retries (an operation on an
   * absent device costs one request's time, not one per object).
   */
  private async request<T>(receiver: BACNetAddress, send: (invokeId: number) => Promise<T>, maySegment = false): Promise<T> {
    const issued = ++this.issued;
    const key = peerKey(receiver);
    const wentSilent = () => (this.silentAt.get(key) ?? 0) >= issued;
    const silent = () => {
      this.skippedForSilentDevice++;
      return new BacnetError('timeout', `The device did not answer (${this.apduTimeoutMs} ms × ${this.apduRetries + 1} transmissions of an earlier request); not asked again in this operation`);
    };
    const run = async () => {
      if (wentSilent()) throw silent();
      const invokeId = this.invokeIds.take();
      try {
        for (let retry = 0; ; retry++) {
          if (this.closed) throw new BacnetError('closed', 'The BACnet interface is closed');
          this.requestsSent++;
          if (retry > 0) this.retransmissions++;
          try {
            return await send(invokeId);
          } catch (err) {
            const e = this.closed ? new BacnetError('closed', 'The BACnet interface is closed') : toBacnetError(err);
            if (e.kind !== 'timeout') throw e;
            if (retry >= this.apduRetries) {
              this.silentAt.set(key, this.issued);
              throw e;
            }
            if (wentSilent()) throw silent();
          }
        }
      } finally {
        this.invokeIds.release(invokeId);
      }
    };
    const limited = () => this.inFlight.run(() => this.peer(receiver).run(run));
    return maySegment && this.peers.maySegment(receiver) ? this.maybeSegmented.run(limited) : limited();
  }

  /**
   * The library keeps one reassembly state (the last sequence number and the segments so far) and clears it only
   * when a last segment arrives, so a segmented reply cut short (a time-out, then a retransmission with the same
   * invoke ID) would make every later segment look out of order. An exchange that may be segmented runs alone
   * (maybeSegmented), so each of its transmissions starts from a clean state.
   */
  private freshReassembly(receiver: BACNetAddress): void {
    if (!this.peers.maySegment(receiver)) return;
    const state = this.client as unknown as { _lastSequenceNumber: number; _segmentStore: Buffer[] };
    state._lastSequenceNumber = 0;
    state._segmentStore = [];
  }

  /** ReadProperty; a whole array when arrayIndex is null or undefined (index 0 is the array's length). */
  async readProperty(receiver: BACNetAddress, objectId: BACNetObjectID, propertyId: number, arrayIndex?: number | null): Promise<ApplicationData[]> {
    const wholeArray = arrayIndex === undefined || arrayIndex === null;
    // The library turns a missing arrayIndex into "all"; 0 goes through as given.
    const options = wholeArray ? {} : { arrayIndex };
    const r = await this.request(receiver, (invokeId) => {
      if (wholeArray) this.freshReassembly(receiver);
      return this.client.readProperty(receiver, objectId, propertyId, { ...options, invokeId });
    }, wholeArray);
    return r.values;
  }

  /**
   * One ReadPropertyMultiple request; `len` is the size of the reply's service data, which callers use to size
   * the next request. The library does not encode array index 0 here (it drops falsy indices): read it alone.
   */
  async readPropertyMultiple(receiver: BACNetAddress, specs: BACNetReadAccessSpecification[]): Promise<DecodeAcknowledgeMultipleResult> {
    return this.request(receiver, (invokeId) => {
      this.freshReassembly(receiver);
      return this.client.readPropertyMultiple(receiver, specs, { invokeId });
    }, true);
  }

  /**
   * WriteProperty of a whole (non-array) property, at a priority 1–16 for a commandable present-value, or without
   * one. Validated here: the library defaults its options with `||`, so priority 0 would go out as "no priority".
   * A device's refusal rejects as any request does (write-access-denied: `BacnetError`, class property).
   */
  async writeProperty(receiver: BACNetAddress, objectId: BACNetObjectID, propertyId: number, values: BACNetAppData[], o: { priority?: number } = {}): Promise<void> {
    const { priority } = o;
    if (priority !== undefined && !(Number.isInteger(priority) && priority >= 1 && priority <= 16)) throw new RangeError(`A write priority is 1 to 16, not ${priority}`);
    await this.request(receiver, (invokeId) => this.client.writeProperty(receiver, objectId, propertyId, values, priority === undefined ? { invokeId } : { priority, invokeId }));
  }

  /** ReadRange of a trend log's buffer by time: the first `count` records after `after` (ms), as many as fit one reply. */
  async readRangeByTime(receiver: BACNetAddress, logId: BACNetObjectID, after: number, count: number): Promise<RangeAnswer> {
    return this.request(receiver, (invokeId) => readRangeByTime(this.client, receiver, logId, after, count, invokeId));
  }

  /** Releases our command at a priority: writes NULL to present-value there (the next priority, or relinquish-default, takes over). */
  async relinquish(receiver: BACNetAddress, objectId: BACNetObjectID, priority: number): Promise<void> {
    await this.writeProperty(receiver, objectId, PropertyIdentifier.PRESENT_VALUE, [{ type: ApplicationTag.NULL, value: null }], { priority });
  }

  /**
   * SubscribeCOV for one object (lifetime in seconds, 0 = indefinite), or its cancellation; rejects as any request
   * does (a device without COV answers Reject unrecognized-service: `isServiceUnsupported`).
   */
  async subscribeCov(receiver: BACNetAddress, objectId: BACNetObjectID, o: { processId: number; lifetimeSeconds: number; confirmed?: boolean; cancel?: boolean }): Promise<void> {
    await this.request(receiver, (invokeId) => this.client.subscribeCov(receiver, objectId, o.processId, o.cancel ?? false, o.confirmed ?? false, o.cancel ? 0 : o.lifetimeSeconds, { invokeId }));
  }

  /** Reports every COV notification (a confirmed one is acknowledged); returns the function that stops it. */
  onCovNotification(listener: (n: CovNotification) => void): () => void {
    const handle = (content: CovContent) => {
      const sender = content.header?.sender;
      if (!sender) return;
      if (content.invokeId !== undefined) this.client.simpleAckResponse(sender, ConfirmedServiceChoice.CONFIRMED_COV_NOTIFICATION, content.invokeId);
      const p = content.payload;
      const deviceInstance = typeof p.initiatingDeviceId === 'number' ? p.initiatingDeviceId : p.initiatingDeviceId.instance;
      listener({ sender, subscriberProcessId: p.subscriberProcessId, deviceInstance, objectId: p.monitoredObjectId, values: p.values });
    };
    this.client.on('covNotifyUnconfirmed', handle);
    this.client.on('covNotify', handle);
    return () => {
      this.client.off('covNotifyUnconfirmed', handle);
      this.client.off('covNotify', handle);
    };
  }

  /**
   * Sends a Who-Is — to every network (DNET 0xFFFF) or to one remote network — through each BBMD given (as a
   * foreign device: Distribute-Broadcast-To-Network), or as a broadcast on the local subnet when there is none;
   * reports each I-Am until the signal aborts or the time is up.
   */
  async whoIs(o: WhoIsLimits & { network?: number | null; bbmds: readonly string[]; durationMs: number; signal?: AbortSignal }, onIAm: (i: IAm) => void): Promise<void> {
    const listener = (content: IAmContent) => {
      if (!content.header) return;
      const inRange = (o.lowLimit ?? 0) <= content.payload.deviceId && content.payload.deviceId <= (o.highLimit ?? 4194303);
      if (inRange) onIAm({ address: { ...content.header.sender }, ...content.payload });
    };
    this.client.on('iAm', listener);
    try {
      const message = () => encodeWhoIs(o.network || globalNetwork, o);
      if (o.bbmds.length === 0) this.client.sendBvlc(null, message());
      for (const bbmd of o.bbmds) this.client.sendBvlc({ address: bbmd, distributeBroadcastToNetwork: true }, message());
      await new Promise<void>((resolve) => {
        if (o.signal?.aborted) return resolve();
        const t = setTimeout(resolve, o.durationMs);
        o.signal?.addEventListener('abort', () => { clearTimeout(t); resolve(); }, { once: true });
      });
    } finally {
      this.client.off('iAm', listener);
    }
  }

  /**
   * Registers as a foreign device with a BBMD ("ip:port") and renews at 80 % of the time-to-live; a failed
   * registration is tried again after 30 s (or sooner for a short time-to-live).
   */
  async registerForeignDevice(bbmd: string, ttlSeconds = 300): Promise<void> {
    clearTimeout(this.renewals.get(bbmd));
    const again = (ms: number) => {
      if (this.closed) return;
      this.renewals.set(bbmd, setTimeout(() => {
        this.registerForeignDevice(bbmd, ttlSeconds).catch((err: unknown) => this.opts.logger.warn({ err: String(err), bbmd }, 'foreign-device registration failed; trying again'));
      }, ms));
    };
    try {
      await this.request({ address: bbmd }, () => this.client.registerForeignDevice({ address: bbmd }, ttlSeconds));
      again(ttlSeconds * 800);
    } catch (err) {
      again(Math.min(30_000, ttlSeconds * 800));
      throw err;
    }
  }

  /** Stops renewing the registration with a BBMD (it lapses at the end of its time-to-live). */
  stopRegistration(bbmd: string): void {
    clearTimeout(this.renewals.get(bbmd));
    this.renewals.delete(bbmd);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.renewals.values()) clearTimeout(t);
    this.client.close();
  }
}
