import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ObjectType, PropertyIdentifier, Segmentation } from '@bacnet-js/client';
import { noDestinationMac } from '@syrx/contracts/bacnet';
import { silentLogger } from '../logger.ts';
import { readPoints } from '../services/bacnet-network-query/point-reader.ts';
import { hostIn, startSimFixture, type SimFixture } from '../testing/sim-fixture.ts';
import { type RelayOptions, UdpRelay } from '../testing/udp-relay.ts';
import { BacnetError } from './bacnet-errors.ts';
import { BacnetNetwork } from './bacnet-network.ts';

// This file's address range: the demo building at 127.0.91.0; this test's own client at .201, relays at .150–.159.
const base = '127.0.91.0';
let sim: SimFixture;
let net: BacnetNetwork;
const relays: UdpRelay[] = [];
beforeAll(async () => {
  sim = await startSimFixture(base);
  net = new BacnetNetwork({ address: hostIn(base, 201), port: 47808, apduTimeoutMs: 500, apduRetries: 3, logger: silentLogger });
  await net.ready();
});
afterEach(() => {
  for (const r of relays.splice(0)) r.close();
});
afterAll(async () => {
  net.close();
  await sim.stop();
});

/** A device of the building on the IP network, reached through a relay at .host that treats its traffic as told. */
async function linked(host: number, o: RelayOptions) {
  const device = sim.site.devices.find((d) => d.network === undefined && d.instance !== 1501);
  if (!device) throw new Error('the demo building has no device on the IP network');
  const relay = await UdpRelay.start({ ip: hostIn(base, host), port: 47808 }, device.address, o);
  relays.push(relay);
  return { relay, device, receiver: { address: `${hostIn(base, host)}:47808` }, deviceObject: { type: ObjectType.DEVICE, instance: device.instance } };
}

const nameOf = async (n: BacnetNetwork, l: Awaited<ReturnType<typeof linked>>): Promise<unknown> =>
  (await n.readProperty(l.receiver, l.deviceObject, PropertyIdentifier.OBJECT_NAME))[0]?.value;

describe('retransmission of an unanswered request (ASHRAE 135 clause 5.4)', () => {
  it('sends the same APDU with the same invoke ID again when the first transmission is lost, and takes its answer', async () => {
    const l = await linked(150, { drop: (n) => n === 0 });
    const before = net.retransmissions;
    expect(await nameOf(net, l)).toBe(l.device.name);
    expect(l.relay.requests).toHaveLength(2);
    expect(l.relay.requests[1]).toEqual(l.relay.requests[0]);
    expect(new Set(l.relay.invokeIds()).size).toBe(1);
    expect(net.retransmissions - before).toBe(1);
  });

  it('matches an answer that comes after the APDU timeout to the retransmission waiting with the same invoke ID', async () => {
    // Every answer arrives 1.5 timeouts after its request: each transmission's own window has closed by then, so only
    // a retry that kept the invoke ID can take it (a new ID per retry never matched a late device).
    const l = await linked(151, { replyDelayMs: 750 });
    expect(await nameOf(net, l)).toBe(l.device.name);
    expect(l.relay.requests.length).toBeGreaterThanOrEqual(2);
    expect(new Set(l.relay.invokeIds()).size).toBe(1);
  });
});

describe('a slow or absent device costs little', () => {
  it('fails the requests queued for a device at once when one of them went unanswered, and asks it again in a later operation', async () => {
    const quick = new BacnetNetwork({ address: hostIn(base, 202), port: 47808, apduTimeoutMs: 200, apduRetries: 1, maxPerPeer: 4, logger: silentLogger });
    await quick.ready();
    try {
      const l = await linked(152, { drop: () => true });
      // A device known not to segment: its requests are not serialized with those whose replies may be segmented.
      quick.peers.learn(l.receiver, { segmentation: Segmentation.NO_SEGMENTATION });
      const eight = await Promise.allSettled(Array.from({ length: 8 }, () => nameOf(quick, l)));
      expect(eight.every((r) => r.status === 'rejected' && r.reason instanceof BacnetError && r.reason.kind === 'timeout')).toBe(true);
      // The four in flight each used their two transmissions; the four behind them were never sent.
      expect(new Set(l.relay.invokeIds()).size).toBe(4);
      expect(l.relay.requests).toHaveLength(8);
      expect(quick.skippedForSilentDevice).toBe(4);
      await expect(nameOf(quick, l)).rejects.toMatchObject({ kind: 'timeout' });
      expect(l.relay.requests).toHaveLength(10);
    } finally {
      quick.close();
    }
  });

  it('ends a point reload of an absent device with BacnetTimeout after its first unanswered requests, none per object', async () => {
    const l = await linked(153, { drop: () => true });
    const target = { macAddress: l.receiver.address, network: 0, destinationMacAddress: noDestinationMac, destinationNetwork: 0, instanceNumber: l.device.instance };
    await expect(readPoints(sim.net, target, { maxPoints: 1000 })).rejects.toMatchObject({ name: 'BacnetTimeout' });
    // The first read of the device profile waits out its transmissions (1 + the fixture's 1 retry); nothing follows.
    expect(new Set(l.relay.invokeIds()).size).toBe(1);
    expect(l.relay.requests).toHaveLength(2);
  });
});
