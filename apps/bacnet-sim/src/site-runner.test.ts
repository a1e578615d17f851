import { createSocket, type Socket } from 'node:dgram';
import { ApplicationTag, ObjectType, PropertyIdentifier as P } from '@bacnet-js/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteBindError } from './net/udp-endpoint.ts';
import { loadSite, parseSite } from './site-loader.ts';
import { startSite, type RunningSite } from './site-runner.ts';
import { collectIAms, globalWhoIsThroughBbmd, openClient, type TestClient } from './testing/test-client.ts';

// This file's address ranges: 127.0.35.x to 127.0.38.x.
const twoDevices = parseSite({
  name: 'Two devices',
  baseAddress: '127.0.35.0',
  devices: [1, 2].map((n) => ({
    instance: 900 + n,
    name: `FCU-${n}`,
    vendorName: 'Delta Controls',
    vendorId: 8,
    modelName: 'Fan coil controller',
    address: { ip: `127.0.35.${10 + n}` },
    objects: [
      { type: 'analog-input', instance: 1, name: `FCU-${n} Zone Temp`, units: 'degrees-fahrenheit', value: { kind: 'constant', value: 70 + n } },
      { type: 'analog-value', instance: 1, name: `FCU-${n} Zone Setpoint`, units: 'degrees-fahrenheit', value: { kind: 'constant', value: 72 } },
    ],
  })),
});

function bindRaw(ip: string): Promise<Socket> {
  const socket = createSocket({ type: 'udp4', reuseAddr: false });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(47808, ip, () => resolve(socket));
  });
}
const closeRaw = (socket: Socket) => new Promise<void>((resolve) => socket.close(() => resolve()));

describe('startSite', () => {
  it('reports an address in use clearly and releases the addresses it had bound', async () => {
    const squatter = await bindRaw('127.0.35.12');
    const error = await startSite(twoDevices).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteBindError);
    expect((error as Error).message).toBe(
      'Cannot bind FCU-2 to 127.0.35.12:47808: the address is already in use (another simulator or BACnet stack runs there; stop it or move the site with --base-address)',
    );
    await closeRaw(await bindRaw('127.0.35.11')); // FCU-1's address was released
    await closeRaw(squatter);
  });

  it('serves a moved site and frees every address on stop', async () => {
    const client = await openClient('127.0.36.250');
    for (let round = 0; round < 2; round++) {
      const site = await startSite(twoDevices, { baseAddress: '127.0.36.0' });
      const reply = await client.readProperty({ address: '127.0.36.12' }, { type: ObjectType.ANALOG_INPUT, instance: 1 }, P.PRESENT_VALUE);
      expect(reply.values[0]?.value).toBe(72);
      await site.stop();
    }
    client.close();
  });
});

describe('COV subscription lifetime', () => {
  it('ends the subscription when its lifetime is over, on the site clock', async () => {
    let clock = Date.UTC(2026, 0, 1);
    const site = await startSite(twoDevices, { baseAddress: '127.0.38.0', now: () => clock, covIntervalMs: 20 });
    const client = await openClient('127.0.38.250');
    const seen: unknown[] = [];
    client.on('covNotifyUnconfirmed', (content) => seen.push((content.payload as { monitoredObjectId: unknown }).monitoredObjectId));
    const setpoint = { type: ObjectType.ANALOG_VALUE, instance: 1 };
    const write = (value: number) => client.writeProperty({ address: '127.0.38.11' }, setpoint, P.PRESENT_VALUE, [{ type: ApplicationTag.REAL, value }], { priority: 8 });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

    await client.subscribeCov({ address: '127.0.38.11' }, setpoint, 3, false, false, 10);
    await settle();
    await write(73);
    await settle();
    expect(seen).toHaveLength(2); // on subscription, then the change
    clock += 11_000;
    await write(74);
    await settle();
    expect(seen).toHaveLength(2);

    client.close();
    await site.stop();
  });
});

describe('a router without forwardLocalBroadcasts (strict BACnet routing)', () => {
  let client: TestClient;
  let running: RunningSite;
  const bbmd = { address: '127.0.37.1' };

  beforeAll(async () => {
    const demo = await loadSite();
    const strict = { ...demo, routers: demo.routers.map((r) => ({ ...r, forwardLocalBroadcasts: false })) };
    running = await startSite(strict, { baseAddress: '127.0.37.0' });
    client = await openClient('127.0.37.250');
    await client.registerForeignDevice({ address: '127.0.37.1:47808' }, 60);
  });
  afterAll(async () => {
    client.close();
    await running.stop();
  });

  it('keeps a local Who-Is on the IP network, while a global one (DNET 0xFFFF) reaches the devices behind', async () => {
    const local = await collectIAms(client, () => client.whoIsThroughBBMD(bbmd), 250);
    expect(local.map((i) => i.deviceId).sort()).toEqual([1101, 1201, 1301, 1401, 1501]);
    const global = await collectIAms(client, () => globalWhoIsThroughBbmd(client, bbmd), 1000, 25);
    expect(global).toHaveLength(25);
  });
});
