import {
  AbortReason,
  ConfirmedServiceChoice as Service,
  PDU_TYPE_MASK,
  PduConReqBit,
  PduType,
  RejectReason,
  UnconfirmedServiceChoice,
} from '@bacnet-js/client';
import type { SimDevice } from '../model/sim-device.ts';
import { apdu, ApduTooLong, maxApduFromCode } from './apdu-builders.ts';
import { apduCodec, IAm, WhoIs } from './bacnet-lib.ts';
import { decodeSubscribeCov, MalformedRequest, readProperty, readPropertyMultiple, writeProperty, type RequestBody } from './confirmed-services.ts';
import { CovSubscriptions } from './cov-subscriptions.ts';
import { readRange } from './read-range.ts';
import type { DeviceContext, DeviceLink } from './device-link.ts';
import { peerKey, type BacnetPeer } from './frame.ts';
import { SegmentedReplies, SegmentedRequests } from './segmentation.ts';

interface Answer {
  reply: Buffer;
  /** Runs once the reply is on its way (COV notifications follow the acknowledgement). */
  after?: (() => void) | undefined;
}

type Handler = (body: RequestBody, from: BacnetPeer) => Answer | undefined;

/**
 * The application layer of one simulated device: answers the APDUs addressed to it and sends its own
 * (I-Am, COV notifications) through its link. Replies never exceed the smaller of the device's and the
 * requester's max APDU: a device that can send segments (segmentation both or transmit) sends a longer
 * Complex-ACK in segments when the request allows it (segmentation.ts); otherwise it is answered with Abort
 * segmentation-not-supported, as a device without segmentation does. A device that can receive segments (both or
 * receive) reassembles segmented requests.
 */
export class DeviceService {
  readonly cov: CovSubscriptions;
  private readonly segmentedReplies: SegmentedReplies;
  private readonly segmentedRequests: SegmentedRequests;

  constructor(
    readonly device: SimDevice,
    private readonly link: DeviceLink,
    private readonly context: DeviceContext,
  ) {
    this.cov = new CovSubscriptions(device, link, context);
    const send = (to: BacnetPeer, message: Buffer) => this.link.send(to, message, false);
    this.segmentedReplies = new SegmentedReplies(send, device.segmentWindow);
    this.segmentedRequests = new SegmentedRequests(send, device.segmentWindow);
  }

  handleApdu(message: Buffer, from: BacnetPeer): void {
    const pduType = ((message[0] ?? 0) & PDU_TYPE_MASK) as PduType;
    switch (pduType) {
      case PduType.CONFIRMED_REQUEST:
        this.confirmed(message, from);
        break;
      case PduType.UNCONFIRMED_REQUEST:
        this.unconfirmed(message, from);
        break;
      case PduType.SIMPLE_ACK:
      case PduType.ERROR:
      case PduType.REJECT:
      case PduType.ABORT:
        this.cov.answered(message[1] ?? -1);
        break;
      case PduType.SEGMENT_ACK:
        this.segmentedReplies.acknowledged(from, message);
        break;
      case PduType.COMPLEX_ACK:
        this.context.logger.debug(`${this.device.name}: ignored PDU type 0x${pduType.toString(16)} from ${peerKey(from)}`);
    }
  }

  /** Answers Who-Is (in range, or without range) with a unicast I-Am to the requester. */
  private unconfirmed(message: Buffer, from: BacnetPeer): void {
    if (message[1] !== UnconfirmedServiceChoice.WHO_IS) return;
    const range = WhoIs.decode(message, 2, message.length - 2) as { lowLimit?: number; highLimit?: number } | undefined;
    if (!range) return;
    const { lowLimit, highLimit } = range;
    const instance = this.device.instance;
    if (lowLimit !== undefined && highLimit !== undefined && (instance < lowLimit || instance > highLimit)) return;
    const iAm = apdu.unconfirmed(UnconfirmedServiceChoice.I_AM, (t) =>
      IAm.encode(t, instance, this.device.maxApdu, this.device.segmentation, this.device.vendorId),
    );
    this.link.send(from, iAm, false);
  }

  private confirmed(message: Buffer, from: BacnetPeer): void {
    const header = apduCodec.decodeConfirmedServiceRequest(message, 0);
    const { invokeId } = header;
    if (header.type & PduConReqBit.SEGMENTED_MESSAGE) {
      if (!this.device.receivesSegments) this.link.send(from, apdu.abort(invokeId), false);
      else {
        const whole = this.segmentedRequests.segment(from, message);
        if (whole) this.confirmed(whole, from);
      }
      return;
    }
    const body: RequestBody = { buffer: message, offset: header.len, length: message.length - header.len, invokeId };
    const limit = Math.min(this.device.maxApdu, maxApduFromCode(header.maxApdu));
    let reply: Buffer;
    let after: (() => void) | undefined;
    try {
      ({ reply, after } = this.answer(header.service, body, from));
    } catch (error) {
      // Anything the decoders choke on is a malformed request: Reject, as a device would, never a crash.
      if (error instanceof ApduTooLong) reply = apdu.abort(invokeId);
      else {
        if (!(error instanceof MalformedRequest)) this.context.logger.debug(`${this.device.name}: rejected a request it could not decode: ${String(error)}`);
        reply = apdu.reject(invokeId, RejectReason.MISSING_REQUIRED_PARAMETER);
      }
    }
    // A Complex-ACK too long for one APDU goes in segments when the device sends them and the request accepts them.
    const segment = reply.length > limit && this.device.sendsSegments && reply[0] === PduType.COMPLEX_ACK && (header.type & PduConReqBit.SEGMENTED_RESPONSE_ACCEPTED) !== 0;
    if (segment) {
      const refusal = this.segmentedReplies.start(from, reply, limit, header.maxSegments);
      if (refusal) this.link.send(from, refusal, false);
    } else this.link.send(from, reply.length > limit ? apdu.abort(invokeId, AbortReason.SEGMENTATION_NOT_SUPPORTED) : reply, false);
    after?.();
  }

  /** The services this device answers; anything else is rejected as unrecognized, as real devices do. */
  private readonly services: Partial<Record<Service, Handler>> = {
    [Service.READ_PROPERTY]: (body) => ({ reply: readProperty(this.device, body, this.context.now()) }),
    [Service.READ_PROPERTY_MULTIPLE]: (body) => (this.device.supportsRpm ? { reply: readPropertyMultiple(this.device, body, this.context.now()) } : undefined),
    [Service.READ_RANGE]: (body) => ({ reply: readRange(this.device, body, this.context.now()) }),
    [Service.WRITE_PROPERTY]: (body) => {
      const { reply, written } = writeProperty(this.device, body);
      return { reply, after: written ? () => this.cov.check() : undefined };
    },
    [Service.SUBSCRIBE_COV]: (body, from) => {
      if (!this.device.supportsCov) return undefined;
      const failure = this.cov.subscribe(from, decodeSubscribeCov(body));
      if (failure) return { reply: apdu.error(Service.SUBSCRIBE_COV, body.invokeId, failure) };
      return { reply: apdu.simpleAck(Service.SUBSCRIBE_COV, body.invokeId), after: () => this.cov.check() };
    },
  };

  private answer(service: Service, body: RequestBody, from: BacnetPeer): Answer {
    return this.services[service]?.(body, from) ?? { reply: apdu.reject(body.invokeId, RejectReason.UNRECOGNIZED_SERVICE) };
  }
}
