import { createSocket, type Socket } from 'node:dgram';
import { BvlcResultPurpose, NetworkLayerMessageType } from '@bacnet-js/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame } from './protocol/frame.ts';
import { loadSite } from './site-loader.ts';
import { startSite, type RunningSite } from './site-runner.ts';
import { collectIAms, globalWhoIsThroughBbmd, openClient, type TestClient } from './testing/test-client.ts';

// This file's address range: the site at 127.0.31.0, its client at 127.0.31.250.
const base = '127.0.31.0';
const bbmd = { address: '127.0.31.1' };
let site: RunningSite;
let client: TestClient;

beforeAll(async () => {
  site = await startSite(await loadSite(), { baseAddress: base });
  client = await openClient('127.0.31.250');
  await client.registerForeignDevice({ address: '127.0.31.1:47808' }, 60); // it insists on ip:port
});

afterAll(async () => {
  client.close();
  await site.stop();
});

describe('discovery through the BBMD', () => {
  it('finds every device of the default site, the routed ones with their network and MAC', async () => {
    const seen = await collectIAms(client, () => client.whoIsThroughBBMD(bbmd), 1000, site.devices.length);
    const expected = site.devices;
    expect(seen).toHaveLength(expected.length);
    for (const device of expected) {
      const iAm = seen.find((i) => i.deviceId === device.instance);
      expect(iAm, device.name).toBeDefined();
      expect(iAm?.sender.address).toBe(device.address.ip); // port 47808 is left out by the library
      if (device.network === undefined) expect(iAm?.sender.net).toBeUndefined();
      else expect({ net: iAm?.sender.net, adr: iAm?.sender.adr }).toEqual({ net: device.network, adr: [device.mac] });
    }
    expect(seen.filter((i) => i.sender.net === 1001)).toHaveLength(20);
    expect(seen.find((i) => i.deviceId === 1001005)?.maxApdu).toBe(480);
    expect(seen.find((i) => i.deviceId === 1101)).toMatchObject({ maxApdu: 1476, segmentation: 3, vendorId: 24 });
  });

  it('finds them with a global Who-Is (DNET 0xFFFF) too', async () => {
    const seen = await collectIAms(client, () => globalWhoIsThroughBbmd(client, bbmd), 1000, site.devices.length);
    expect(new Set(seen.map((i) => i.deviceId)).size).toBe(site.devices.length);
  });

  it('answers a Who-Is with an instance range only from the devices in range', async () => {
    const seen = await collectIAms(client, () => client.whoIsThroughBBMD(bbmd, { lowLimit: 1001001, highLimit: 1001010 }), 1000, 10);
    expect(seen.map((i) => i.deviceId).sort()).toEqual(Array.from({ length: 10 }, (_, i) => 1001001 + i));
  });

  it('answers a unicast Who-Is sent straight to a device', async () => {
    const inRange = await collectIAms(client, () => client.whoIs({ address: '127.0.31.14' }, { lowLimit: 1401, highLimit: 1401 }), 150);
    const outOfRange = await collectIAms(client, () => client.whoIs({ address: '127.0.31.14' }, { lowLimit: 1, highLimit: 1000 }), 150);
    expect(inRange.map((i) => i.deviceId)).toEqual([1401]);
    expect(outOfRange).toEqual([]);
  });

  it('refuses Distribute-Broadcast-To-Network from a station that has not registered', async () => {
    const stranger = await openClient('127.0.31.251');
    const result = new Promise<number>((resolve) => stranger.once('bvlcResult', (content) => resolve(Number((content.payload as { resultCode: number }).resultCode))));
    stranger.whoIsThroughBBMD(bbmd);
    expect(await result).toBe(0x60);
    stranger.close();
  });
});

describe('network layer and BBMD tables (raw datagrams)', () => {
  let socket: Socket;
  const replies: Buffer[] = [];
  beforeAll(async () => {
    socket = createSocket({ type: 'udp4', reuseAddr: false });
    socket.on('message', (message) => replies.push(message));
    await new Promise<void>((resolve) => socket.bind(47808, '127.0.31.252', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => socket.close(() => resolve())));

  const exchange = async (message: Buffer, to: string) => {
    replies.length = 0;
    socket.send(message, 47808, to);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return [...replies];
  };

  it('the router answers Who-Is-Router-To-Network with its network', async () => {
    const [reply] = await exchange(encodeFrame({ networkMessage: { type: NetworkLayerMessageType.WHO_IS_ROUTER_TO_NETWORK } }), '127.0.31.2');
    const message = reply && decodeFrame(reply, { ip: '127.0.31.2', port: 47808 })?.npdu?.networkMessage;
    expect(message?.type).toBe(NetworkLayerMessageType.I_AM_ROUTER_TO_NETWORK);
    expect(message?.body.readUInt16BE(0)).toBe(1001);
  });

  it('the router rejects a message for a network it does not serve', async () => {
    const request = encodeFrame({ destination: { net: 2002, adr: [1] }, apdu: Buffer.from([0x10, 0x08]) });
    const [reply] = await exchange(request, '127.0.31.2');
    const message = reply && decodeFrame(reply, { ip: '127.0.31.2', port: 47808 })?.npdu?.networkMessage;
    expect(message?.type).toBe(NetworkLayerMessageType.REJECT_MESSAGE_TO_NETWORK);
    expect([...(message?.body ?? [])]).toEqual([1, 0x07, 0xd2]);
  });

  it('the BBMD answers Read-BDT with its table', async () => {
    const [reply] = await exchange(Buffer.from([0x81, BvlcResultPurpose.READ_BROADCAST_DISTRIBUTION_TABLE, 0, 4]), '127.0.31.1');
    expect([...(reply ?? [])]).toEqual([0x81, 0x03, 0, 14, 127, 0, 31, 1, 0xba, 0xc0, 255, 255, 255, 255]);
  });

  it('survives garbage and truncated requests, and rejects what it cannot decode', async () => {
    const readProperty = Buffer.from([0x00, 0x05, 0x01, 0x0c, 0x0c, 0x02, 0x00, 0x04, 0x4d, 0x19, 0x4d]); // device 1101, object-name
    const garbage = [
      Buffer.from([0x81]),
      Buffer.from([0x81, 0x0a, 0x00, 0x05, 0x01]),
      Buffer.from([0x81, 0x0a, 0x00, 0x06, 0x01, 0x20]), // DNET announced, missing
      Buffer.from([0x81, 0x04, 0x00, 0x08, 127, 0, 0, 9]), // Forwarded-NPDU cut short
      ...Array.from({ length: readProperty.length - 1 }, (_, n) => encodeFrame({ apdu: readProperty.subarray(0, n + 1), expectingReply: true })),
      encodeFrame({ apdu: Buffer.from([0x00, 0x05, 0x02, 0x0e, 0xff, 0xff, 0xff]), expectingReply: true }), // RPM nonsense
      encodeFrame({ apdu: Buffer.from([0x10, 0x08, 0x09]), expectingReply: false }), // Who-Is with a broken range
    ];
    replies.length = 0;
    for (const message of garbage) socket.send(message, 47808, '127.0.31.11');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const pduTypes = replies.map((r) => decodeFrame(r, { ip: '127.0.31.11', port: 47808 })?.npdu?.apdu?.[0]);
    expect(pduTypes.length).toBeGreaterThan(5);
    expect(pduTypes.every((t) => t === 0x60)).toBe(true); // only Rejects
    const [reply] = await exchange(encodeFrame({ apdu: readProperty, expectingReply: true }), '127.0.31.11');
    expect(reply && decodeFrame(reply, { ip: '127.0.31.11', port: 47808 })?.npdu?.apdu?.[0]).toBe(0x30); // Complex-ACK: still alive
  });

  it('a device that is not a BBMD refuses Register-Foreign-Device', async () => {
    const [reply] = await exchange(Buffer.from([0x81, BvlcResultPurpose.REGISTER_FOREIGN_DEVICE, 0, 6, 0, 60]), '127.0.31.11');
    expect([...(reply ?? [])]).toEqual([0x81, 0x00, 0, 6, 0, 0x30]);
  });
});
