import { afterEach, describe, expect, it } from 'vitest';
import type { AgentRecord } from '@syrx/contracts/records';
import { silentLogger } from '../logger.ts';
import { eventually, recordingServer, tempDir } from '../testing/reporting-fixture.ts';
import { DurableQueue } from './durable-queue.ts';
import { QueueUploader, type BatchSender } from './queue-uploader.ts';

// No network here: the uploader between a real queue on disk and a recording server (the reporting service's records).
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
type Queue = DurableQueue<AgentRecord>;
async function filledBuffer(count: number): Promise<{ buffer: Queue; records: AgentRecord[] }> {
  const dir = await tempDir('uploader');
  const buffer = await DurableQueue.open<AgentRecord>({ directory: dir.path, kind: 'records', timeOf: (r) => r[1], maxItems: 100_000, logger: silentLogger });
  cleanups.push(async () => { await buffer.close(); await dir.remove(); });
  const t0 = Date.UTC(2026, 10, 2);
  const records = Array.from({ length: count }, (_, i): AgentRecord => [1 + (i % 7), t0 + i * 100, i]);
  await buffer.append(records);
  return { buffer, records };
}
function startUploader(buffer: Queue, send: (records: AgentRecord[]) => Promise<unknown>, connected?: () => boolean): QueueUploader<AgentRecord> {
  const sender: BatchSender<AgentRecord> = (batch) => send(batch.items);
  const uploader = new QueueUploader({ queue: buffer, kind: 'records', batchSize: 5000, send: sender, logger: silentLogger, lingerMs: 10, retryMs: { min: 10, max: 40 }, connected });
  cleanups.unshift(async () => uploader.stop());
  uploader.start();
  return uploader;
}

describe('QueueUploader', () => {
  it('sends everything oldest first in batches of at most 5000, deleting each once acknowledged', async () => {
    const { buffer, records } = await filledBuffer(12_001);
    const server = recordingServer();
    startUploader(buffer, (r) => server.emitWithAck('agent/server/records', { records: r }));

    await eventually(() => buffer.depth === 0, 'an empty buffer');
    expect(server.batches.map((b) => b.length)).toEqual([5000, 5000, 2001]);
    expect(server.records()).toEqual(records);
  });

  it('retries a failed or refused batch, and one whose acknowledgement was lost, without losing or reordering records', async () => {
    const { buffer, records } = await filledBuffer(11_000);
    const server = recordingServer();
    const attempts: string[] = [];
    startUploader(buffer, async (r) => {
      const n = attempts.length;
      attempts.push(`${r.length}@${r[0]?.[2]}`);
      if (n === 1) throw new Error('operation has timed out'); // the second batch is lost on its way
      if (n === 2) return { ok: false, error: 'the database is not reachable' };
      const ack = await server.emitWithAck('agent/server/records', { records: r });
      if (n === 3) throw new Error('operation has timed out'); // stored, but the acknowledgement is lost
      return ack;
    });

    await eventually(() => buffer.depth === 0, 'an empty buffer');
    expect(attempts).toEqual(['5000@0', '5000@5000', '5000@5000', '5000@5000', '5000@5000', '1000@10000']);
    expect(server.batches[1]).toEqual(server.batches[2]); // the batch sent again after its lost acknowledgement
    expect(server.records()).toEqual(records); // each stored once, in order
  });

  it('waits while disconnected and starts again on reconnection, with records added meanwhile', async () => {
    const { buffer, records } = await filledBuffer(30);
    const server = recordingServer();
    server.state.down = true;
    const uploader = startUploader(buffer, (r) => server.emitWithAck('agent/server/records', { records: r }), server.connected);
    server.onConnect(() => uploader.reconnected());
    const later: AgentRecord = [9, Date.UTC(2026, 10, 3), 42];
    await buffer.append([later]);
    uploader.notify();
    expect(server.batches).toEqual([]);
    expect(buffer.depth).toBe(31);

    server.up();
    await eventually(() => buffer.depth === 0, 'an empty buffer');
    expect(server.records()).toEqual([...records, later]);
  });
});
