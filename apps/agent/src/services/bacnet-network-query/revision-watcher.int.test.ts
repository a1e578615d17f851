import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentDevice } from '@syrx/contracts/agent-protocol';
import type { ReloadPointsResult } from '@syrx/contracts/realtime';
import { silentLogger } from '../../logger.ts';
import { startSimFixture, type SimFixture } from '../../testing/sim-fixture.ts';
import type { PointUploader } from './point-upload.ts';
import { RevisionWatcher } from './revision-watcher.ts';

// This file's address range: the demo building at 127.0.46.0, the agent at 127.0.46.200 (short APDU time-out).
let sim: SimFixture;
beforeAll(async () => {
  sim = await startSimFixture('127.0.46.0', { apduTimeoutMs: 200 });
});
afterAll(async () => {
  await sim.stop();
});

/** A device as the server lists it in the agent's configuration. */
const watched = (id: number, instance: number, database_revision: number | null, over: Partial<AgentDevice> = {}): AgentDevice => {
  const t = sim.target(instance);
  return { id, mac_address: t.macAddress, network: 0, destination_mac_address: t.destinationMacAddress ?? '0.0.0.0:0', destination_network: t.destinationNetwork ?? 0, instance_number: instance, database_revision, ...over };
};
const revisionOf = (instance: number) => sim.site.device(instance).model.databaseRevision;

/** Records uploads as the server would receive them; refuses while `refuse` is set. */
function recordingUploader() {
  const uploads: { device: AgentDevice; read: ReloadPointsResult }[] = [];
  const state = { refuse: false };
  const upload: PointUploader = async (device, read) => {
    if (state.refuse) throw new Error('the server refused begin: busy');
    uploads.push({ device, read });
    return { total: read.points.length, appeared: 1, disappeared: 0, reappeared: 0 };
  };
  return { uploads, upload, state };
}

describe('RevisionWatcher', () => {
  it('uploads the points of a device whose database revision changed, once, and only when the known revision is not null', async () => {
    const { uploads, upload } = recordingUploader();
    const watcher = new RevisionWatcher({ bacnet: sim.bacnet, upload, logger: silentLogger, intervalMs: 60_000 });
    const nowhere = watched(3, 1101, 5, { mac_address: '127.0.46.99:47808', instance_number: 4242 });
    watcher.setDevices([watched(1, 1101, revisionOf(1101)), watched(2, 1001003, null), nowhere]);

    expect(await watcher.checkAll()).toEqual(new Map([[1, 'unchanged'], [2, 'unchanged'], [3, 'unreachable']]));
    expect(uploads).toEqual([]);

    sim.site.device(1101).addObject({ type: 'analog-value', instance: 50, name: 'AHU-1 Reset' });
    sim.site.device(1001003).addObject({ type: 'binary-value', instance: 9, name: 'VAV-2-03 Override' });
    expect(await watcher.checkAll()).toEqual(new Map([[1, 'uploaded'], [2, 'unchanged'], [3, 'unreachable']]));
    expect(uploads).toHaveLength(1);
    const [first] = uploads;
    expect(first?.device.id).toBe(1);
    expect(first?.read.database_revision).toBe(revisionOf(1101));
    expect(first?.read.points).toHaveLength(20);
    expect(first?.read.points.at(-1)).toEqual({ object_type: 2, instance_number: 50, name: 'AHU-1 Reset', description: '', units: 95 }); // no-units

    expect((await watcher.checkAll()).get(1)).toBe('unchanged');
    expect(uploads).toHaveLength(1);
  });

  it('tries a failed upload again at the next check, and follows the revision the server pushes', async () => {
    const { uploads, upload, state } = recordingUploader();
    const watcher = new RevisionWatcher({ bacnet: sim.bacnet, upload, logger: silentLogger, intervalMs: 60_000 });
    const known = revisionOf(1201);
    watcher.setDevices([watched(7, 1201, known)]);
    sim.site.device(1201).removeObject({ type: 'binary-input', instance: 2 });

    state.refuse = true;
    expect((await watcher.checkAll()).get(7)).toBe('failed');
    state.refuse = false;
    expect((await watcher.checkAll()).get(7)).toBe('uploaded');
    expect(uploads[0]?.read.points.some((p) => p.object_type === 3 && p.instance_number === 2)).toBe(false);

    // The server stored it and pushes the device with its new revision: nothing more to do.
    watcher.setDevices([watched(7, 1201, revisionOf(1201))]);
    expect((await watcher.checkAll()).get(7)).toBe('unchanged');
    // A user reloaded the device elsewhere and the server pushes an older revision it knows: a change again.
    watcher.setDevices([watched(7, 1201, known)]);
    expect((await watcher.checkAll()).get(7)).toBe('uploaded');
    expect(uploads).toHaveLength(2);
  });

  it('checks on its own every interval once started', async () => {
    const { uploads, upload } = recordingUploader();
    const watcher = new RevisionWatcher({ bacnet: sim.bacnet, upload, logger: silentLogger, intervalMs: 100 });
    watcher.setDevices([watched(9, 1401, revisionOf(1401))]);
    sim.site.device(1401).addObject({ type: 'analog-value', instance: 9, name: 'BPC Trim' });
    const uploaded = new Promise<void>((resolve) => {
      const poll = setInterval(() => uploads.length > 0 && (clearInterval(poll), resolve()), 20);
    });
    watcher.start();
    await uploaded;
    watcher.stop();
    expect(uploads[0]?.device.id).toBe(9);
    expect(uploads[0]?.read.points.find((p) => p.name === 'BPC Trim')).toBeDefined();
  });
});
