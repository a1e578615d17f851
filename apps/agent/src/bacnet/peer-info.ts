import { Segmentation, type BACNetAddress } from '@bacnet-js/client';
import { peerKey } from './bacnet-address.ts';

/** What the agent knows of a device it talks to, from its I-Am or from reading its device object. */
export interface PeerInfo {
  /** max-apdu-length-accepted, in octets. */
  maxApdu?: number;
  /** segmentation-supported (Segmentation: both 0, transmit 1, receive 2, none 3). */
  segmentation?: number;
  /** False once the device refused ReadPropertyMultiple. */
  rpm?: boolean;
}

/** The largest APDU of BACnet/IP; the library's own I-Am claims 1482, which no reply may exceed here. */
export const bacnetIpMaxApdu = 1476;
/** What a device whose max APDU is not known gets: the MS/TP size, which every BACnet/IP device accepts too. */
export const conservativeMaxApdu = 480;

/** What is known of each peer, by peerKey. */
export class PeerTable {
  private readonly peers = new Map<string, PeerInfo>();

  get(receiver: BACNetAddress): PeerInfo {
    return this.peers.get(peerKey(receiver)) ?? {};
  }

  learn(receiver: BACNetAddress, info: PeerInfo): void {
    const key = peerKey(receiver);
    this.peers.set(key, { ...this.peers.get(key), ...info });
  }

  /** The max APDU to size replies for: the device's, at most BACnet/IP's, conservative when unknown. */
  maxApdu(receiver: BACNetAddress): number {
    const known = this.get(receiver).maxApdu;
    return known && known >= 50 ? Math.min(known, bacnetIpMaxApdu) : conservativeMaxApdu;
  }

  /** False only when the device said it cannot send segmented replies. */
  maySegment(receiver: BACNetAddress): boolean {
    const s = this.get(receiver).segmentation;
    return s === undefined || s === Number(Segmentation.SEGMENTED_BOTH) || s === Number(Segmentation.SEGMENTED_TRANSMIT);
  }

  /** True only when the device said it sends segmented replies (segmentation-supported both or transmit). */
  sendsSegments(receiver: BACNetAddress): boolean {
    const s = this.get(receiver).segmentation;
    return s === Number(Segmentation.SEGMENTED_BOTH) || s === Number(Segmentation.SEGMENTED_TRANSMIT);
  }

  supportsRpm(receiver: BACNetAddress): boolean {
    return this.get(receiver).rpm !== false;
  }
}
