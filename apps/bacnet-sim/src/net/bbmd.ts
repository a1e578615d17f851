import { BvlcResultFormat as Nak, BvlcResultPurpose as Bvlc } from '@bacnet-js/client';
import type { Logger } from '../logger.ts';
import { RegisterForeignDevice } from '../protocol/bacnet-lib.ts';
import { bvlcResult, forwardedNpdu, peerKey, type DecodedFrame, type UdpPeer } from '../protocol/frame.ts';

export interface BdtEntry extends UdpPeer {
  mask: string;
}

interface ForeignDevice {
  peer: UdpPeer;
  ttl: number;
  expiresAt: number;
}

interface Sender {
  send(message: Buffer, to: UdpPeer): void;
}

/** Per the standard a BBMD keeps a foreign device 30 s past its time-to-live. */
const graceSeconds = 30;

const ipBytes = (ip: string) => ip.split('.').map(Number);

/**
 * A BBMD: foreign devices register with it, and a broadcast it receives (Distribute-Broadcast-To-Network
 * from a foreign device, or a local broadcast) goes on as Forwarded-NPDU to every other node of the site,
 * to the other foreign devices and to its BDT peers. The site's nodes stand for the local IP subnet: on
 * loopback, sockets bound to 127.0.x.y do not receive broadcasts, so the BBMD addresses each of them.
 */
export class Bbmd {
  private readonly foreignDevices = new Map<string, ForeignDevice>();

  constructor(
    readonly name: string,
    private readonly self: UdpPeer,
    readonly bdt: readonly BdtEntry[],
    private readonly siteNodes: () => UdpPeer[],
    private readonly now: () => number,
    private readonly logger: Logger,
  ) {}

  isRegistered(peer: UdpPeer): boolean {
    const entry = this.foreignDevices.get(peerKey(peer));
    if (entry && entry.expiresAt <= this.now()) this.foreignDevices.delete(peerKey(peer));
    return this.foreignDevices.has(peerKey(peer));
  }

  /** Register-Foreign-Device, Read-BDT, Read-FDT, Delete-FDT-Entry; Write-BDT is refused (the BDT comes from the site file). */
  handleControl(frame: DecodedFrame, node: Sender): void {
    const reply = (message: Buffer) => node.send(message, frame.from);
    const bvlcFunction = frame.bvlcFunction;
    if (bvlcFunction === Bvlc.REGISTER_FOREIGN_DEVICE) {
      if (frame.payload.length !== 2) {
        reply(bvlcResult(Nak.REGISTER_FOREIGN_DEVICE_NAK));
        return;
      }
      const { ttl } = RegisterForeignDevice.decode(frame.payload, 0, frame.payload.length);
      this.foreignDevices.set(peerKey(frame.from), { peer: frame.from, ttl, expiresAt: this.now() + (ttl + graceSeconds) * 1000 });
      this.logger.debug(`${this.name}: registered foreign device ${peerKey(frame.from)} for ${ttl} s`);
      reply(bvlcResult(Nak.SUCCESSFUL_COMPLETION));
    } else if (bvlcFunction === Bvlc.READ_BROADCAST_DISTRIBUTION_TABLE) {
      reply(this.table(Bvlc.READ_BROADCAST_DISTRIBUTION_TABLE_ACK, this.bdt.map((e) => [...ipBytes(e.ip), e.port >> 8, e.port & 0xff, ...ipBytes(e.mask)])));
    } else if (bvlcFunction === Bvlc.READ_FOREIGN_DEVICE_TABLE) {
      reply(this.table(Bvlc.READ_FOREIGN_DEVICE_TABLE_ACK, this.liveForeignDevices().map((fd) => this.fdtEntry(fd))));
    } else if (bvlcFunction === Bvlc.DELETE_FOREIGN_DEVICE_TABLE_ENTRY) {
      const p = frame.payload;
      const key = p.length >= 6 ? `${p[0]}.${p[1]}.${p[2]}.${p[3]}:${p.readUInt16BE(4)}` : '';
      reply(bvlcResult(this.foreignDevices.delete(key) ? Nak.SUCCESSFUL_COMPLETION : Nak.DELETE_FOREIGN_DEVICE_TABLE_ENTRY_NAK));
    } else if (bvlcFunction === Bvlc.WRITE_BROADCAST_DISTRIBUTION_TABLE) {
      reply(bvlcResult(Nak.WRITE_BROADCAST_DISTRIBUTION_TABLE_NAK));
    }
  }

  /** Passes a broadcast on as Forwarded-NPDU; what came from a BDT peer is not sent back to the peers. */
  distribute(frame: DecodedFrame, node: Sender): void {
    if (!frame.npdu) return;
    const message = forwardedNpdu(frame.npdu.raw, frame.origin);
    const fromPeer = frame.bvlcFunction === Bvlc.FORWARDED_NPDU;
    const targets = [...this.siteNodes(), ...this.liveForeignDevices().map((fd) => fd.peer), ...(fromPeer ? [] : this.bdt)];
    const skip = new Set([peerKey(this.self), peerKey(frame.origin), peerKey(frame.from)]);
    for (const target of targets) {
      const key = peerKey(target);
      if (skip.has(key)) continue;
      skip.add(key);
      node.send(message, { ip: target.ip, port: target.port });
    }
  }

  private liveForeignDevices(): ForeignDevice[] {
    const now = this.now();
    for (const [key, fd] of this.foreignDevices) if (fd.expiresAt <= now) this.foreignDevices.delete(key);
    return [...this.foreignDevices.values()];
  }

  private fdtEntry(fd: ForeignDevice): number[] {
    const remaining = Math.max(0, Math.min(0xffff, Math.ceil((fd.expiresAt - this.now()) / 1000)));
    return [...ipBytes(fd.peer.ip), fd.peer.port >> 8, fd.peer.port & 0xff, fd.ttl >> 8, fd.ttl & 0xff, remaining >> 8, remaining & 0xff];
  }

  private table(bvlcFunction: Bvlc, entries: number[][]): Buffer {
    const length = 4 + entries.length * 10;
    return Buffer.from([0x81, bvlcFunction, length >> 8, length & 0xff, ...entries.flat()]);
  }
}
