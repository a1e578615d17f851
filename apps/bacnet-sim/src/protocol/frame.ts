import { BvlcResultPurpose as Bvlc, DEFAULT_BACNET_PORT, NetworkLayerMessageType, NpduControlBit } from '@bacnet-js/client';
import { bvlcCodec, npduCodec } from './bacnet-lib.ts';

export interface UdpPeer {
  ip: string;
  port: number;
}

/** A remote network number and MAC (DNET/DADR or SNET/SADR); an absent adr means "all of that network". */
export interface RemoteStation {
  net: number;
  adr?: number[] | undefined;
}

/** Where an answer goes: a UDP peer, and the station behind it when the request came through a router. */
export interface BacnetPeer extends UdpPeer {
  station?: RemoteStation | undefined;
}

export interface NetworkMessage {
  type: NetworkLayerMessageType;
  body: Buffer;
}

export interface DecodedNpdu {
  destination?: RemoteStation | undefined;
  source?: RemoteStation | undefined;
  expectingReply: boolean;
  networkMessage?: NetworkMessage;
  apdu?: Buffer;
  /** The NPDU bytes as received, for a BBMD to pass on unchanged. */
  raw: Buffer;
}

export interface DecodedFrame {
  bvlcFunction: Bvlc;
  from: UdpPeer;
  /** The originating address of a Forwarded-NPDU, otherwise the sender. */
  origin: UdpPeer;
  /** Everything after the BVLC header. */
  payload: Buffer;
  npdu?: DecodedNpdu;
}

const npduFunctions = new Set<number>([Bvlc.ORIGINAL_UNICAST_NPDU, Bvlc.ORIGINAL_BROADCAST_NPDU, Bvlc.FORWARDED_NPDU, Bvlc.DISTRIBUTE_BROADCAST_TO_NETWORK]);

export const peerKey = (p: UdpPeer): string => `${p.ip}:${p.port}`;

export function parsePeer(text: string): UdpPeer {
  const [ip = '', port] = text.split(':');
  return { ip, port: port ? Number(port) : DEFAULT_BACNET_PORT };
}

/** Decodes BVLC and NPDU headers; undefined for anything malformed. */
export function decodeFrame(message: Buffer, from: UdpPeer): DecodedFrame | undefined {
  const bvlc = bvlcCodec.decode(message, 0);
  if (!bvlc) return undefined;
  const origin = bvlc.originatingIP ? parsePeer(bvlc.originatingIP) : from;
  const frame: DecodedFrame = { bvlcFunction: bvlc.func, from, origin, payload: message.subarray(bvlc.len) };
  if (!npduFunctions.has(bvlc.func)) return frame;
  const npdu = npduCodec.decode(message, bvlc.len);
  if (!npdu) return undefined;
  const networkMessageType = npdu.networkMsgType as NetworkLayerMessageType;
  const isNetworkMessage = (npdu.funct & NpduControlBit.NETWORK_LAYER_MESSAGE) !== 0;
  // The library counts the optional DNET of Who-Is-Router-To-Network as header; it is body here.
  const headerLength = npdu.len - (isNetworkMessage && networkMessageType === NetworkLayerMessageType.WHO_IS_ROUTER_TO_NETWORK ? 2 : 0);
  if (bvlc.len + headerLength > message.length) return undefined;
  const station = (a: typeof npdu.source): RemoteStation | undefined => (a?.net === undefined ? undefined : { net: a.net, adr: a.adr });
  const decoded: DecodedNpdu = {
    destination: station(npdu.destination),
    source: station(npdu.source),
    expectingReply: (npdu.funct & NpduControlBit.EXPECTING_REPLY) !== 0,
    raw: frame.payload,
  };
  if (isNetworkMessage) decoded.networkMessage = { type: networkMessageType, body: message.subarray(bvlc.len + headerLength) };
  else decoded.apdu = message.subarray(bvlc.len + headerLength);
  frame.npdu = decoded;
  return frame;
}

export interface FrameOptions {
  bvlcFunction?: Bvlc;
  /** Required for Forwarded-NPDU: the station the broadcast came from. */
  originating?: UdpPeer;
  destination?: RemoteStation | undefined;
  source?: RemoteStation | undefined;
  expectingReply?: boolean;
  apdu?: Buffer;
  networkMessage?: { type: NetworkLayerMessageType; body?: Buffer };
}

/** Builds a BACnet/IP datagram: BVLC, NPDU (with DNET/DADR and SNET/SADR as given), then the APDU or network message. */
export function encodeFrame(options: FrameOptions): Buffer {
  const bvlcFunction = options.bvlcFunction ?? Bvlc.ORIGINAL_UNICAST_NPDU;
  const forwarded = bvlcFunction === Bvlc.FORWARDED_NPDU;
  const body = options.networkMessage ? (options.networkMessage.body ?? Buffer.alloc(0)) : (options.apdu ?? Buffer.alloc(0));
  // BVLC (up to 10) + version and control (2) + DNET/DLEN/DADR + SNET/SLEN/SADR + hop count, message type, vendor (4).
  const headerRoom = 10 + 2 + 3 + (options.destination?.adr?.length ?? 0) + 3 + (options.source?.adr?.length ?? 0) + 4;
  const buffer = Buffer.alloc(headerRoom + body.length);
  const encodeBuffer = { buffer, offset: forwarded ? 10 : 4 };
  const control = (options.expectingReply ? NpduControlBit.EXPECTING_REPLY : 0) | (options.networkMessage ? NpduControlBit.NETWORK_LAYER_MESSAGE : 0);
  npduCodec.encode(encodeBuffer, control, options.destination, options.source, 255, options.networkMessage?.type, 0);
  body.copy(buffer, encodeBuffer.offset);
  const length = encodeBuffer.offset + body.length;
  bvlcCodec.encode(buffer, bvlcFunction, length, forwarded && options.originating ? peerKey(options.originating) : undefined);
  return buffer.subarray(0, length);
}

/** Wraps NPDU bytes received in a broadcast as Forwarded-NPDU from `originating`. */
export function forwardedNpdu(npdu: Buffer, originating: UdpPeer): Buffer {
  const buffer = Buffer.alloc(10 + npdu.length);
  npdu.copy(buffer, 10);
  bvlcCodec.encode(buffer, Bvlc.FORWARDED_NPDU, buffer.length, peerKey(originating));
  return buffer;
}

/** BVLC-Result with a result code (0 is success; the NAK codes are in BvlcResultFormat). */
export function bvlcResult(code: number): Buffer {
  return Buffer.from([0x81, Bvlc.BVLC_RESULT, 0x00, 0x06, code >> 8, code & 0xff]);
}
