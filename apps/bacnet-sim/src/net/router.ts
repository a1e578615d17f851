import { NetworkLayerMessageType as NetworkMessage } from '@bacnet-js/client';
import type { Logger } from '../logger.ts';
import type { DeviceLink } from '../protocol/device-link.ts';
import type { DeviceService } from '../protocol/device-service.ts';
import { encodeFrame, peerKey, type BacnetPeer, type NetworkMessage as Message, type RemoteStation } from '../protocol/frame.ts';

/** Reject-Message-To-Network reason 1: the router does not know a route to that network. */
const unknownNetworkReason = 1;

interface Sender {
  send(message: Buffer, to: BacnetPeer): void;
}

/**
 * A BACnet router with one virtual network behind it (an MS/TP trunk, say): each device there has a
 * one-byte MAC. Requests with DNET = the network and DADR = a MAC reach that device; its answers leave
 * with SNET/SADR so the requester learns the network and MAC to address it by.
 */
export class Router {
  private readonly devices = new Map<number, DeviceService>();

  constructor(
    readonly name: string,
    readonly network: number,
    readonly forwardLocalBroadcasts: boolean,
    private readonly logger: Logger,
  ) {}

  /** The link a device behind this router sends through: the router's socket, with SNET/SADR. */
  linkFor(mac: number, node: Sender): DeviceLink {
    const source: RemoteStation = { net: this.network, adr: [mac] };
    return {
      send: (to, apdu, expectingReply) => node.send(encodeFrame({ destination: to.station, source, apdu, expectingReply }), to),
    };
  }

  attach(mac: number, device: DeviceService): void {
    this.devices.set(mac, device);
  }

  deliverToAll(apdu: Buffer, requester: BacnetPeer): void {
    for (const device of this.devices.values()) device.handleApdu(apdu, requester);
  }

  route(destination: RemoteStation, apdu: Buffer, requester: BacnetPeer, node: Sender): void {
    if (destination.net !== this.network) {
      const body = Buffer.from([unknownNetworkReason, destination.net >> 8, destination.net & 0xff]);
      node.send(encodeFrame({ destination: requester.station, networkMessage: { type: NetworkMessage.REJECT_MESSAGE_TO_NETWORK, body } }), requester);
      return;
    }
    if (!destination.adr || destination.adr.length === 0) {
      this.deliverToAll(apdu, requester);
      return;
    }
    const device = destination.adr.length === 1 ? this.devices.get(destination.adr[0] ?? -1) : undefined;
    if (device) device.handleApdu(apdu, requester);
    else this.logger.debug(`${this.name}: no station ${destination.adr.join('.')} on network ${this.network} (request from ${peerKey(requester)})`);
  }

  /** Answers Who-Is-Router-To-Network (for no network, or for ours) with I-Am-Router-To-Network, unicast. */
  handleNetworkMessage(message: Message, requester: BacnetPeer, node: Sender): void {
    if (message.type !== NetworkMessage.WHO_IS_ROUTER_TO_NETWORK) return;
    const asked = message.body.length >= 2 ? message.body.readUInt16BE(0) : undefined;
    if (asked !== undefined && asked !== this.network) return;
    const body = Buffer.from([this.network >> 8, this.network & 0xff]);
    node.send(encodeFrame({ destination: requester.station, networkMessage: { type: NetworkMessage.I_AM_ROUTER_TO_NETWORK, body } }), requester);
  }
}
