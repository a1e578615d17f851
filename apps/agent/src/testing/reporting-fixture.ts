import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentRecord, AgentRecordsAck, ReportingPoint } from '@syrx/contracts/records';
import type { SimFixture } from './sim-fixture.ts';

/**
 * Resolves with the condition's value once it is truthy, polling every 20 ms; rejects after a generous ceiling
 * (a safety net for a broken build, never a measure of speed).
 */
export async function eventually<T>(condition: () => T | Promise<T>, what: string, ceilingMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ceilingMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A point of the simulated building as the server lists it in AgentConfig.reporting. */
export function simPoint(sim: SimFixture, id: number, device: number, objectType: number, instance: number): ReportingPoint {
  const t = sim.target(device);
  return {
    id,
    mac_address: t.macAddress,
    network: t.network,
    destination_mac_address: t.destinationMacAddress ?? '0.0.0.0:0',
    destination_network: t.destinationNetwork ?? 0,
    device_instance_number: device,
    object_type: objectType,
    instance_number: instance,
  };
}

/** A fresh directory for a buffer; remove() deletes it. */
export async function tempDir(prefix: string): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `syrx-${prefix}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/**
 * The server's side of agent/server/records as the agent sees it: stores each record once (point + time, as the
 * real store's primary key), acknowledges with the counts, and can be taken down (connection lost: the ack fails).
 */
export function recordingServer() {
  const stored = new Map<string, AgentRecord>();
  const batches: AgentRecord[][] = [];
  const connectListeners: (() => void)[] = [];
  const state = { down: false };
  return {
    stored,
    batches,
    state,
    /** Every record stored, in the order they arrived. */
    records: () => [...stored.values()],
    async emitWithAck(_event: string, payload: unknown): Promise<AgentRecordsAck> {
      if (state.down) throw new Error('operation has timed out');
      const { records } = payload as { records: AgentRecord[] };
      batches.push(records);
      let duplicates = 0;
      for (const r of records) {
        const key = `${r[0]}@${r[1]}`;
        if (stored.has(key)) duplicates++;
        else stored.set(key, r);
      }
      return { ok: true, stored: records.length - duplicates, duplicates, refused: 0 };
    },
    connected: () => !state.down,
    onConnect: (listener: () => void) => connectListeners.push(listener),
    /** The connection is back: the agent's socket says so. */
    up(): void {
      state.down = false;
      for (const l of connectListeners) l();
    },
  };
}
