import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ObjectType } from '@bacnet-js/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentRecord } from '@syrx/contracts/records';
import { silentLogger } from '../../logger.ts';
import { simPoint } from '../../testing/reporting-fixture.ts';
import { startSimFixture, type SimFixture } from '../../testing/sim-fixture.ts';
import { TrendBackfill } from './trend-backfill.ts';

// This file's address range: the demo building at 127.0.63.0, the agent at 127.0.63.200. CP-1 (1201) logs its
// chilled-water supply temperature (AI 1) every minute in Trend_Log 1, a day back from the simulator's start.
let sim: SimFixture;
let dir: string;
beforeAll(async () => {
  sim = await startSimFixture('127.0.63.0', { apduTimeoutMs: 500 });
  dir = await mkdtemp(join(tmpdir(), 'syrx-backfill-'));
});
afterAll(async () => {
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

const minute = 60_000;

function backfiller(dataDir: string, onChunk?: (b: TrendBackfill) => void) {
  const records: AgentRecord[] = [];
  const b: TrendBackfill = new TrendBackfill({
    bacnet: sim.bacnet, logger: silentLogger, dataDir, chunkSize: 4,
    onRecords: async (r) => {
      records.push(...r);
      onChunk?.(b);
    },
  });
  return { b, records };
}

describe('TrendBackfill over UDP', { timeout: 30_000 }, () => {
  const supply = () => simPoint(sim, 11, 1201, ObjectType.ANALOG_INPUT, 1);
  const unlogged = () => simPoint(sim, 12, 1201, ObjectType.ANALOG_INPUT, 3);

  it('fills a span from the device\'s trend log with ReadRange by time, in chunks, every record marked backfilled', async () => {
    const { b, records } = backfiller(join(dir, 'a'));
    const to = Math.floor(Date.now() / minute) * minute - minute;
    const after = to - 10 * minute;
    b.setPoints([supply(), unlogged()]);
    expect(await b.request(undefined, { after, to })).toBe(2);
    await b.idle();
    expect(records.map((r) => r[1])).toEqual(Array.from({ length: 10 }, (_, i) => after + (i + 1) * minute));
    expect(records.every((r) => r[0] === 11 && r[3] === 1 && r[2] > 40 && r[2] < 50)).toBe(true);
    expect(b.counts.requests).toBeGreaterThanOrEqual(3); // chunks of 4
    expect(b.pendingSpans()).toBe(0);
    await b.stop();
  });

  it('resumes a span where it stopped, after a restart, without reading a record twice', async () => {
    const dataDir = join(dir, 'b');
    const to = Math.floor(Date.now() / minute) * minute - minute;
    const after = to - 12 * minute;
    const first = backfiller(dataDir, (b) => void b.stop()); // stops after its first chunk
    first.b.setPoints([supply()]);
    await first.b.request([11], { after, to });
    await first.b.idle();
    await first.b.stop();
    expect(first.records).toHaveLength(4);

    const second = backfiller(dataDir);
    await second.b.start();
    second.b.setPoints([supply()]);
    await second.b.idle();
    const times = [...first.records, ...second.records].map((r) => r[1]);
    expect(times).toEqual(Array.from({ length: 12 }, (_, i) => after + (i + 1) * minute));
    await second.b.stop();
  });

  it('backfills the stop of the agent itself: from the time collection last ran to its start', async () => {
    const dataDir = join(dir, 'c');
    const before = backfiller(dataDir);
    await before.b.mark(Date.now() - 5 * minute); // collection ran until five minutes ago, then the agent stopped
    await before.b.stop();
    const after = backfiller(dataDir);
    await after.b.start();
    after.b.setPoints([supply()]);
    await after.b.idle();
    expect(after.records.length).toBeGreaterThanOrEqual(4);
    expect(after.records.length).toBeLessThanOrEqual(5);
    await after.b.stop();
  });
});
