import type { Logger } from '../logger.ts';
import type { BacnetPeer } from './frame.ts';

/** How a device's APDUs reach the wire: directly from its own socket, or through its router with SNET/SADR. */
export interface DeviceLink {
  send(to: BacnetPeer, apdu: Buffer, expectingReply: boolean): void;
}

export interface DeviceContext {
  now: () => number;
  logger: Logger;
}
