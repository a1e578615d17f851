import { createSocket, type Socket } from 'node:dgram';
import type { Logger } from '../logger.ts';
import { peerKey, type UdpPeer } from '../protocol/frame.ts';

/** A node could not bind its UDP address; the message says which node, where, why, and what to do. */
export class SiteBindError extends Error {
  readonly reason: string;
  readonly hint: string | undefined;

  constructor(
    readonly node: string,
    readonly address: UdpPeer,
    readonly code: string | undefined,
    cause: Error,
  ) {
    const { reason, hint } = explain(code, cause);
    super(`Cannot bind ${node} to ${peerKey(address)}: ${reason}${hint ? ` (${hint})` : ''}`, { cause });
    this.name = 'SiteBindError';
    this.reason = reason;
    this.hint = hint;
  }
}

function explain(code: string | undefined, cause: Error): { reason: string; hint?: string } {
  switch (code) {
    case 'EADDRINUSE':
      return { reason: 'the address is already in use', hint: 'another simulator or BACnet stack runs there; stop it or move the site with --base-address' };
    case 'EADDRNOTAVAIL':
      return { reason: 'the address does not exist on this host', hint: 'Linux has all of 127.0.0.0/8 on loopback; other systems need an alias per address' };
    case 'EACCES':
      return { reason: 'permission denied' };
    case undefined:
    default:
      return { reason: cause.message };
  }
}

/** One message for several nodes that could not bind, with each distinct hint once. */
export function describeBindFailures(failures: SiteBindError[]): string {
  const lines = failures.map((f) => `  - ${f.node} at ${peerKey(f.address)}: ${f.reason}`);
  const hints = [...new Set(failures.flatMap((f) => (f.hint ? [f.hint] : [])))];
  return [`Cannot bind ${failures.length} addresses of the site:`, ...lines, ...hints.map((h) => h[0]?.toUpperCase() + h.slice(1) + '.')].join('\n');
}

/** One UDP socket bound to one address, without address reuse (so a second simulator fails loudly). */
export class UdpEndpoint {
  private constructor(
    private readonly socket: Socket,
    private readonly label: string,
    private readonly logger: Logger,
  ) {}

  static open(label: string, address: UdpPeer, onMessage: (message: Buffer, from: UdpPeer) => void, logger: Logger): Promise<UdpEndpoint> {
    const socket = createSocket({ type: 'udp4', reuseAddr: false });
    return new Promise((resolve, reject) => {
      socket.once('error', (error: NodeJS.ErrnoException) => {
        socket.close();
        reject(new SiteBindError(label, address, error.code, error));
      });
      socket.bind(address.port, address.ip, () => {
        socket.removeAllListeners('error');
        socket.on('error', (error) => logger.warn(`${label}: socket error: ${error.message}`));
        socket.on('message', (message, info) => onMessage(message, { ip: info.address, port: info.port }));
        resolve(new UdpEndpoint(socket, label, logger));
      });
    });
  }

  send(message: Buffer, to: UdpPeer): void {
    this.socket.send(message, to.port, to.ip, (error) => {
      if (error) this.logger.warn(`${this.label}: cannot send to ${peerKey(to)}: ${error.message}`);
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}
