import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BacnetNetwork, IAm } from '../../bacnet/bacnet-network.ts';
import { discoverDevices } from './discovery.ts';

/** A network whose devices answer the Who-Is at the given times (ms), each I-Am as the library reports it. */
function answeringAt(times: readonly [number, number][]): BacnetNetwork {
  const whoIs: BacnetNetwork['whoIs'] = (o, onIAm) => new Promise<void>((resolve) => {
    const timers = times.map(([at, deviceId]) => setTimeout(() => onIAm({ address: { address: `127.0.0.${deviceId % 250}:47808` }, deviceId, maxApdu: 1476, segmentation: 0, vendorId: 1 } satisfies IAm), at));
    const end = () => { timers.forEach(clearTimeout); clearTimeout(max); resolve(); };
    const max = setTimeout(end, o.durationMs);
    o.signal?.addEventListener('abort', end, { once: true });
  });
  return { whoIs } as unknown as BacnetNetwork;
}

const endsAt = async (net: BacnetNetwork, o: { durationMs: number; quietMs?: number }) => {
  const started = Date.now();
  const found = await (async () => {
    const run = discoverDevices(net, { ...o, bbmds: [] }, () => undefined);
    await vi.runAllTimersAsync();
    return run;
  })();
  return { after: Date.now() - started, found: found.map((d) => d.InstanceNumber) };
};

describe('discoverDevices: the quiet period', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ends one quiet period after the last new device', async () => {
    expect(await endsAt(answeringAt([[30, 1], [40, 2], [900, 3]]), { durationMs: 10_000, quietMs: 1000 })).toEqual({ after: 1900, found: [1, 2, 3] });
  });

  it('a device answering again does not extend it', async () => {
    expect(await endsAt(answeringAt([[30, 1], [800, 1], [1500, 1]]), { durationMs: 10_000, quietMs: 1000 })).toEqual({ after: 1030, found: [1] });
  });

  it('ends after the quiet period when nobody answers, and at the maximum on a network that keeps answering', async () => {
    expect((await endsAt(answeringAt([]), { durationMs: 10_000, quietMs: 1000 })).after).toBe(1000);
    const steady = Array.from({ length: 40 }, (_, k): [number, number] => [k * 500, k + 1]);
    expect(await endsAt(answeringAt(steady), { durationMs: 10_000, quietMs: 1000 })).toMatchObject({ after: 10_000 });
  });

  it('listens for the whole duration without a quiet period', async () => {
    expect((await endsAt(answeringAt([[30, 1]]), { durationMs: 5000 })).after).toBe(5000);
  });
});
