import { AbortReason, PduConReqBit, PduSegAckBit, PduType } from '@bacnet-js/client';
import { apdu } from './apdu-builders.ts';
import { apduCodec } from './bacnet-lib.ts';
import { peerKey, type BacnetPeer } from './frame.ts';

/** Octets of a segmented Complex-ACK header (type, invoke ID, sequence number, proposed window, service). */
const segmentedAckHeader = 5;
/** How long a window waits for its SegmentACK before it is sent again (BACnet's APDU_Segment_Timeout), and how often. */
export const segmentTimeoutMs = 2000;
const segmentRetries = 3;

/** The segments a requester accepts, from the max-segments field of its request (0: unspecified, 7: more than 64). */
export function maxSegmentsAccepted(field: number): number {
  const code = (field >> 4) & 0x07;
  return code === 0 || code === 7 ? 256 : 2 ** code;
}

type Send = (to: BacnetPeer, message: Buffer) => void;

/** A Complex-ACK too long for one APDU, sent in windows as clause 5.4.5 describes (the server's side). */
interface OutgoingReply {
  peer: BacnetPeer;
  segments: Buffer[];
  window: number;
  /** The highest sequence number the requester acknowledged (-1: none yet). */
  acked: number;
  timer?: NodeJS.Timeout;
  retries: number;
}

/**
 * Segmented Complex-ACKs of one device: the first segment alone, then, on each SegmentACK, the next window (the
 * requester's actual window size, at most the one we proposed); a window not acknowledged in time is sent again,
 * a few times. Keyed by requester and invoke ID, so several transfers run side by side.
 */
export class SegmentedReplies {
  private readonly outgoing = new Map<string, OutgoingReply>();

  constructor(
    private readonly send: Send,
    private readonly proposedWindow: number,
  ) {}

  /**
   * Sends `reply` (an unsegmented Complex-ACK) in segments of at most `maxApdu` octets; returns the Abort to send
   * instead when the requester accepts fewer segments than it takes.
   */
  start(peer: BacnetPeer, reply: Buffer, maxApdu: number, maxSegmentsField: number): Buffer | undefined {
    const invokeId = reply[1] ?? 0;
    const service = reply[2] ?? 0;
    const body = reply.subarray(3);
    const room = maxApdu - segmentedAckHeader;
    const count = Math.ceil(body.length / room);
    if (count > Math.min(256, maxSegmentsAccepted(maxSegmentsField))) return apdu.abort(invokeId, AbortReason.BUFFER_OVERFLOW);
    const segments = Array.from({ length: count }, (_, seq) => {
      const more = seq < count - 1 ? PduConReqBit.MORE_FOLLOWS : 0;
      const header = Buffer.from([PduType.COMPLEX_ACK | PduConReqBit.SEGMENTED_MESSAGE | more, invokeId, seq, this.proposedWindow, service]);
      return Buffer.concat([header, body.subarray(seq * room, (seq + 1) * room)]);
    });
    const key = `${peerKey(peer)}/${invokeId}`;
    this.stop(key); // the requester sent the request again: start over
    const transfer: OutgoingReply = { peer, segments, window: 1, acked: -1, retries: 0 };
    this.outgoing.set(key, transfer);
    this.sendWindow(key, transfer);
    return undefined;
  }

  /** A SegmentACK from a requester (the server bit clear). */
  acknowledged(from: BacnetPeer, message: Buffer): void {
    const ack = apduCodec.decodeSegmentAck(message, 0);
    const key = `${peerKey(from)}/${ack.originalInvokeId}`;
    const transfer = this.outgoing.get(key);
    if (!transfer || (ack.type & PduSegAckBit.SERVER) !== 0) return;
    const negative = (ack.type & PduSegAckBit.NEGATIVE_ACK) !== 0;
    // A repeated positive ACK of what was already acknowledged would only duplicate a window in flight.
    if (ack.sequencenumber < transfer.acked || (ack.sequencenumber === transfer.acked && !negative) || ack.sequencenumber >= transfer.segments.length) return;
    transfer.acked = ack.sequencenumber;
    transfer.window = Math.max(1, Math.min(this.proposedWindow, ack.actualWindowSize));
    transfer.retries = 0;
    if (transfer.acked === transfer.segments.length - 1) this.stop(key);
    else this.sendWindow(key, transfer);
  }

  private sendWindow(key: string, t: OutgoingReply): void {
    clearTimeout(t.timer);
    const last = Math.min(t.segments.length - 1, t.acked + t.window);
    for (let seq = t.acked + 1; seq <= last; seq++) this.send(t.peer, t.segments[seq] as Buffer);
    // Unref'd: a site that stops mid-transfer is not kept alive (its nodes then send nothing).
    t.timer = setTimeout(() => {
      if (++t.retries > segmentRetries) this.stop(key);
      else this.sendWindow(key, t);
    }, segmentTimeoutMs);
    t.timer.unref();
  }

  private stop(key: string): void {
    clearTimeout(this.outgoing.get(key)?.timer);
    this.outgoing.delete(key);
  }
}

interface IncomingRequest {
  header: ReturnType<typeof apduCodec.decodeConfirmedServiceRequest>;
  parts: Buffer[];
  window: number;
  /** The sequence number last acknowledged to the requester. */
  acked: number;
  timer?: NodeJS.Timeout;
}

/**
 * Segmented confirmed requests to one device (clause 5.4.4, the server's side): each segment in order is kept,
 * the first is acknowledged at once with our actual window size, then the last of every window and the last
 * segment; one out of order is answered with a negative SegmentACK naming the last one kept. The whole request,
 * rebuilt as one unsegmented APDU, goes to `complete`.
 */
export class SegmentedRequests {
  private readonly incoming = new Map<string, IncomingRequest>();

  constructor(
    private readonly send: Send,
    private readonly ourWindow: number,
  ) {}

  /** A segment of a confirmed request; returns the whole request once its last segment came. */
  segment(from: BacnetPeer, message: Buffer): Buffer | undefined {
    const header = apduCodec.decodeConfirmedServiceRequest(message, 0);
    const key = `${peerKey(from)}/${header.invokeId}`;
    const seq = header.sequencenumber;
    let request = this.incoming.get(key);
    if (seq === 0) {
      clearTimeout(request?.timer);
      request = { header, parts: [], window: Math.max(1, Math.min(this.ourWindow, header.proposedWindowNumber)), acked: -1 };
      this.incoming.set(key, request);
    }
    if (!request) return undefined;
    const ack = (negative: boolean, n: number) =>
      this.send(from, Buffer.from([PduType.SEGMENT_ACK | PduSegAckBit.SERVER | (negative ? PduSegAckBit.NEGATIVE_ACK : 0), header.invokeId, n, request.window]));
    const expected = request.parts.length;
    if (seq !== expected) {
      if (seq > expected) ack(true, expected - 1);
      return undefined; // a repeat of one already kept: its window's ACK answers it
    }
    request.parts.push(message.subarray(header.len));
    clearTimeout(request.timer);
    request.timer = setTimeout(() => this.incoming.delete(key), segmentTimeoutMs * (segmentRetries + 1));
    request.timer.unref();
    const last = (header.type & PduConReqBit.MORE_FOLLOWS) === 0;
    if (seq === 0 || last || seq - request.acked >= request.window) {
      ack(false, seq);
      request.acked = seq;
    }
    if (!last) return undefined;
    clearTimeout(request.timer);
    this.incoming.delete(key);
    const first = request.header;
    const type = first.type & ~(PduConReqBit.SEGMENTED_MESSAGE | PduConReqBit.MORE_FOLLOWS);
    return Buffer.concat([Buffer.from([type, first.maxSegments | first.maxApdu, first.invokeId, first.service]), ...request.parts]);
  }
}
