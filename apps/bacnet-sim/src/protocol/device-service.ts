import {
  AbortReason,
  ConfirmedServiceChoice as Service,
  PDU_TYPE_MASK,
  PduConReqBit,
  PduType,
  RejectReason,
  Segmentation,
  UnconfirmedServiceChoice,
} from '@bacnet-js/client';
import type { SimDevice } from '../model/sim-device.ts';
import { apdu, ApduTooLong, maxApduFromCode } from './apdu-builders.ts';
import { apduCodec, IAm, WhoIs } from './bacnet-lib.ts';
import { decodeSubscribeCov, MalformedRequest, readProperty, readPropertyMultiple, writeProperty, type RequestBody } from './confirmed-services.ts';
import { CovSubscriptions } from './cov-subscriptions.ts';
import type { DeviceContext, DeviceLink } from './device-link.ts';
import { peerKey, type BacnetPeer } from './frame.ts';

interface Answer {
  reply: Buffer;
  /** Runs once the reply is on its way (COV notifications follow the acknowledgement). */
  after?: (() => void) | undefined;
}

type Handler = (body: RequestBody, from: BacnetPeer) => Answer | undefined;

/**
 * The application layer of one simulated device: answers the APDUs addressed to it and sends its own
 * (I-Am, COV notifications) through its link. Replies never exceed the smaller of the device's and the
 * requester's max APDU: what would is answered with Abort segmentation-not-supported, as a device without
 * segmentation does.
 */
export class DeviceService {
  readonly cov: CovSubscriptions;

  constructor(
    readonly device: SimDevice,
    private readonly link: DeviceLink,
    private readonly context: DeviceContext,
  ) {
    this.cov = new CovSubscriptions(device, link, context);
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
      case PduType.COMPLEX_ACK:
      case PduType.SEGMENT_ACK:
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
      IAm.encode(t, instance, this.device.maxApdu, Segmentation.NO_SEGMENTATION, this.device.vendorId),
    );
    this.link.send(from, iAm, false);
  }

  private confirmed(message: Buffer, from: BacnetPeer): void {
    const header = apduCodec.decodeConfirmedServiceRequest(message, 0);
    const { invokeId } = header;
    if (header.type & PduConReqBit.SEGMENTED_MESSAGE) {
      this.link.send(from, apdu.abort(invokeId), false);
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
    if (reply.length > limit) reply = apdu.abort(invokeId, AbortReason.SEGMENTATION_NOT_SUPPORTED);
    this.link.send(from, reply, false);
    after?.();
  }

  /** The services this device answers; anything else is rejected as unrecognized, as real devices do. */
  private readonly services: Partial<Record<Service, Handler>> = {
    [Service.READ_PROPERTY]: (body) => ({ reply: readProperty(this.device, body, this.context.now()) }),
    [Service.READ_PROPERTY_MULTIPLE]: (body) => (this.device.supportsRpm ? { reply: readPropertyMultiple(this.device, body, this.context.now()) } : undefined),
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
