import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';

export interface RelayOptions {
  /** Whether to drop the nth request frame from the agent (0-based); the device never sees it. */
  drop?: (n: number) => boolean;
  /** How long each answer of the device is held before it goes on to the agent. */
  replyDelayMs?: number;
}

/**
 * A UDP link in front of one simulated device, for tests of what a real network does to BACnet/IP: the agent
 * sends to the relay's address, the relay passes each frame to the device (from its own port, so the device
 * answers it) and the answers back to the agent, losing or delaying what it is told to. It records every frame the
 * agent sent, lost or not. With `drop: () => true` it is a device that never answers.
 */
export class UdpRelay {
  /** The agent's frames, in the order they arrived. */
  readonly requests: Buffer[] = [];
  private agent: RemoteInfo | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(private readonly front: Socket, private readonly back: Socket, private readonly device: { ip: string; port: number }, private readonly o: RelayOptions) {
    front.on('message', (frame, from) => {
      const n = this.requests.push(frame) - 1;
      this.agent = from;
      if (!this.o.drop?.(n)) back.send(frame, device.port, device.ip);
    });
    back.on('message', (frame) => {
      const to = this.agent;
      if (!to) return;
      const t = setTimeout(() => {
        this.timers.delete(t);
        front.send(frame, to.port, to.address);
      }, this.o.replyDelayMs ?? 0);
      this.timers.add(t);
    });
  }

  /** Listens at `listen` (where the agent is told the device is) for a device at `device` (or nowhere). */
  static async start(listen: { ip: string; port: number }, device: { ip: string; port: number }, o: RelayOptions = {}): Promise<UdpRelay> {
    const bind = (socket: Socket, ip: string, port: number) => new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, ip, () => { socket.off('error', reject); resolve(); });
    });
    const front = createSocket('udp4');
    const back = createSocket('udp4');
    await bind(front, listen.ip, listen.port);
    await bind(back, listen.ip, 0);
    return new UdpRelay(front, back, device, o);
  }

  /** The invoke ID of each confirmed request the agent sent (other frames left out). */
  invokeIds(): number[] {
    return this.requests.map(confirmedInvokeId).filter((id): id is number => id !== null);
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.front.close();
    this.back.close();
  }
}

/** The invoke ID of a BACnet/IP frame holding a Confirmed-Request APDU, else null. */
export function confirmedInvokeId(frame: Buffer): number | null {
  let at = 4; // BVLC header
  if (frame[at] !== 1) return null; // NPDU version
  const control = frame[at + 1] ?? 0;
  at += 2;
  if (control & 0x80) return null; // a network-layer message
  if (control & 0x20) at += 3 + (frame[at + 2] ?? 0); // DNET, DLEN, DADR
  if (control & 0x08) at += 3 + (frame[at + 2] ?? 0); // SNET, SLEN, SADR
  if (control & 0x20) at += 1; // hop count
  if (((frame[at] ?? 0xff) >> 4) !== 0) return null; // PDU type 0: Confirmed-Request
  return frame[at + 2] ?? null;
}
