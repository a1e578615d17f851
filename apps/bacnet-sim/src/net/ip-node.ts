import { BvlcResultFormat as Nak, BvlcResultPurpose as Bvlc } from '@bacnet-js/client';
import type { Logger } from '../logger.ts';
import type { DeviceService } from '../protocol/device-service.ts';
import { bvlcResult, decodeFrame, peerKey, type BacnetPeer, type DecodedFrame, type UdpPeer } from '../protocol/frame.ts';
import type { Bbmd } from './bbmd.ts';
import type { Router } from './router.ts';
import { UdpEndpoint } from './udp-endpoint.ts';

const globalBroadcastNetwork = 0xffff;

/** What a BVLC control message gets from a node that is not a BBMD. */
const nakFor = {
  [Bvlc.REGISTER_FOREIGN_DEVICE]: Nak.REGISTER_FOREIGN_DEVICE_NAK,
  [Bvlc.READ_BROADCAST_DISTRIBUTION_TABLE]: Nak.READ_BROADCAST_DISTRIBUTION_TABLE_NAK,
  [Bvlc.WRITE_BROADCAST_DISTRIBUTION_TABLE]: Nak.WRITE_BROADCAST_DISTRIBUTION_TABLE_NAK,
  [Bvlc.READ_FOREIGN_DEVICE_TABLE]: Nak.READ_FOREIGN_DEVICE_TABLE_NAK,
  [Bvlc.DELETE_FOREIGN_DEVICE_TABLE_ENTRY]: Nak.DELETE_FOREIGN_DEVICE_TABLE_ENTRY_NAK,
};

export interface NodeRoles {
  /** The device whose own address this is. */
  device?: DeviceService;
  /** A router to a virtual network at this address. */
  router?: Router;
  /** A BBMD at this address. */
  bbmd?: Bbmd;
}

/**
 * One BACnet/IP address of the site (one UDP socket) and what lives there: a device, a router, a BBMD,
 * or several of them, as on real hardware. It decodes BVLC and NPDU and hands each message to its role.
 */
export class IpNode {
  private endpoint: UdpEndpoint | undefined;

  /** What lives here, for messages: "RTR-1", or "BBMD-1 + AHU-1" when roles share an address. */
  readonly names: string[] = [];
  readonly roles: NodeRoles = {};

  constructor(
    readonly address: UdpPeer,
    private readonly logger: Logger,
  ) {}

  get label(): string {
    return this.names.join(' + ') || peerKey(this.address);
  }

  async start(): Promise<void> {
    this.endpoint = await UdpEndpoint.open(this.label, this.address, (message, from) => this.receive(message, from), this.logger);
  }

  async stop(): Promise<void> {
    await this.endpoint?.close();
    this.endpoint = undefined;
  }

  send(message: Buffer, to: UdpPeer): void {
    this.endpoint?.send(message, to);
  }

  receive(message: Buffer, from: UdpPeer): void {
    try {
      this.dispatch(message, from);
    } catch (error) {
      // A datagram from the network must never take the simulator down.
      this.logger.warn(`${this.label}: dropped a datagram from ${peerKey(from)} that could not be handled: ${String(error)}`);
    }
  }

  private dispatch(message: Buffer, from: UdpPeer): void {
    const frame = decodeFrame(message, from);
    if (!frame) {
      this.logger.debug(`${this.label}: dropped a malformed datagram from ${peerKey(from)}`);
      return;
    }
    const { bbmd } = this.roles;
    switch (frame.bvlcFunction) {
      case Bvlc.BVLC_RESULT:
      case Bvlc.READ_BROADCAST_DISTRIBUTION_TABLE_ACK:
      case Bvlc.READ_FOREIGN_DEVICE_TABLE_ACK:
      case Bvlc.SECURE_BVLL:
        return;
      case Bvlc.DISTRIBUTE_BROADCAST_TO_NETWORK:
        if (!bbmd?.isRegistered(frame.from)) {
          this.send(bvlcResult(Nak.DISTRIBUTE_BROADCAST_TO_NETWORK_NAK), frame.from);
          return;
        }
        bbmd.distribute(frame, this);
        this.deliver(frame, true);
        return;
      case Bvlc.ORIGINAL_BROADCAST_NPDU:
      case Bvlc.FORWARDED_NPDU:
        bbmd?.distribute(frame, this);
        this.deliver(frame, true);
        return;
      case Bvlc.ORIGINAL_UNICAST_NPDU:
        this.deliver(frame, false);
        return;
      case Bvlc.REGISTER_FOREIGN_DEVICE:
      case Bvlc.READ_BROADCAST_DISTRIBUTION_TABLE:
      case Bvlc.WRITE_BROADCAST_DISTRIBUTION_TABLE:
      case Bvlc.READ_FOREIGN_DEVICE_TABLE:
      case Bvlc.DELETE_FOREIGN_DEVICE_TABLE_ENTRY:
        if (bbmd) bbmd.handleControl(frame, this);
        else this.send(bvlcResult(nakFor[frame.bvlcFunction]), frame.from);
    }
  }

  /** Network layer: local messages to this node's device, remote ones (DNET) to its router. */
  private deliver(frame: DecodedFrame, broadcast: boolean): void {
    const npdu = frame.npdu;
    if (!npdu) return;
    const requester: BacnetPeer = { ...frame.origin, station: npdu.source };
    const { device, router } = this.roles;
    if (npdu.networkMessage) {
      router?.handleNetworkMessage(npdu.networkMessage, requester, this);
      return;
    }
    const apdu = npdu.apdu;
    if (!apdu || apdu.length === 0) return;
    const destination = npdu.destination;
    if (!destination) {
      device?.handleApdu(apdu, requester);
      if (broadcast && router?.forwardLocalBroadcasts) router.deliverToAll(apdu, requester);
      return;
    }
    if (destination.net === globalBroadcastNetwork) {
      device?.handleApdu(apdu, requester);
      router?.deliverToAll(apdu, requester);
      return;
    }
    if (router) router.route(destination, apdu, requester, this);
    else this.logger.debug(`${this.label}: not a router; dropped a message for network ${destination.net}`);
  }
}
