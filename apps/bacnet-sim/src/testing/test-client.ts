import BacnetExport, { NpduControlPriority, PduType, UnconfirmedServiceChoice, type BACNetAddress, type BACNetObjectID } from '@bacnet-js/client';
import { apduCodec, npduCodec, WhoIs } from '../protocol/bacnet-lib.ts';

// Node's own ESM loader (tsx) hands a CommonJS default import over as module.exports, whose .default is the
// class; vitest hands over the class itself. Accept both.
const Bacnet = (BacnetExport as unknown as { default?: typeof BacnetExport }).default ?? BacnetExport;

export type TestClient = InstanceType<typeof BacnetExport>;

/** A real @bacnet-js/client on its own loopback address (never 127.0.0.1:47808, which it treats as itself). */
export async function openClient(ip: string, port = 47808): Promise<TestClient> {
  const client = new Bacnet({ interface: ip, port, reuseAddr: false, apduTimeout: 1500, broadcastAddress: ip });
  await new Promise<void>((resolve, reject) => {
    client.once('listening', () => resolve());
    client.once('error', reject);
  });
  return client;
}

export interface SeenIAm {
  deviceId: number;
  maxApdu: number;
  segmentation: number;
  vendorId: number;
  sender: BACNetAddress;
}

/** Collects I-Am messages after `trigger` runs: for `ms`, or until `expected` have come (plus a moment for strays). */
export async function collectIAms(client: TestClient, trigger: () => void, ms = 400, expected = Infinity): Promise<SeenIAm[]> {
  const seen: SeenIAm[] = [];
  let enough = () => {};
  const complete = new Promise<void>((resolve) => (enough = resolve));
  const listener = (content: { header?: { sender: BACNetAddress }; payload: Omit<SeenIAm, 'sender'> }) => {
    if (content.header) seen.push({ ...content.payload, sender: content.header.sender });
    if (seen.length >= expected) enough();
  };
  client.on('iAm', listener);
  trigger();
  await Promise.race([complete.then(() => new Promise((resolve) => setTimeout(resolve, 30))), new Promise((resolve) => setTimeout(resolve, ms))]);
  client.off('iAm', listener);
  return seen;
}

/** The rejection message of a request that should fail (the library's "BacnetError - Class:2 - Code:42" form). */
export async function failureOf(request: Promise<unknown>): Promise<string> {
  try {
    await request;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the request succeeded');
}

/**
 * A Who-Is with DNET 0xFFFF (a global broadcast) as Distribute-Broadcast-To-Network through a BBMD: what a
 * standard client sends to reach devices behind routers. The library has no call for it, so it is built here.
 */
export function globalWhoIsThroughBbmd(client: TestClient, bbmd: BACNetAddress): void {
  const buffer = { buffer: Buffer.alloc(64), offset: 4 };
  npduCodec.encode(buffer, NpduControlPriority.NORMAL_MESSAGE, { net: 0xffff }, undefined, 255);
  apduCodec.encodeUnconfirmedServiceRequest(buffer, PduType.UNCONFIRMED_REQUEST, UnconfirmedServiceChoice.WHO_IS);
  WhoIs.encode(buffer, -1, -1);
  client.sendBvlc({ ...bbmd, distributeBroadcastToNetwork: true }, buffer);
}

/** The values of a ReadProperty answer (the library types them as any). */
export async function readValues(client: TestClient, to: BACNetAddress, objectId: BACNetObjectID, property: number, arrayIndex?: number): Promise<unknown[]> {
  const answer = await client.readProperty(to, objectId, property, arrayIndex === undefined ? {} : { arrayIndex });
  return answer.values.map((v): unknown => v.value);
}
