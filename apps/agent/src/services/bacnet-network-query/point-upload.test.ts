import { describe, expect, it } from 'vitest';
import { agentEvents, agentPointUploadSchema, type AgentDevice, type AgentPointUpload, type AgentPointUploadAck } from '@syrx/contracts/agent-protocol';
import type { PointUploadItem } from '@syrx/contracts/points';
import { socketPointUploader } from './point-upload.ts';

const device: AgentDevice = { id: 12, mac_address: '127.0.10.15:47808', network: 0, destination_mac_address: '0.0.0.0:0', destination_network: 0, instance_number: 1501, database_revision: 27 };
const points: PointUploadItem[] = Array.from({ length: 1203 }, (_, i) => ({ object_type: 0, instance_number: i + 1, name: `P${i + 1}`, description: null, units: 98 }));

/** Stands in for the server's side of agent/server/point-upload: validates each message and acknowledges it. */
function serverSide(refuse?: AgentPointUpload['action']) {
  const received: AgentPointUpload[] = [];
  const emitWithAck = async (event: string, payload: unknown): Promise<AgentPointUploadAck> => {
    expect(event).toBe(agentEvents.pointUpload);
    const message = agentPointUploadSchema.parse(payload);
    received.push(message);
    if (message.action === refuse) return { ok: false, error: 'Upload 31 is not open' };
    if (message.action === 'begin') return { ok: true, upload_id: 31 };
    if (message.action === 'complete') return { ok: true, result: { total: 1203, appeared: 3, disappeared: 1, reappeared: 0 } };
    return { ok: true };
  };
  return { received, emitWithAck };
}

describe('socketPointUploader', () => {
  it('begins with the revision and source revision-change, sends batches of 500, completes, and answers the result', async () => {
    const server = serverSide();
    const result = await socketPointUploader(server.emitWithAck)(device, { database_revision: 28, object_count: 1203, truncated: false, points });
    expect(result).toEqual({ total: 1203, appeared: 3, disappeared: 1, reappeared: 0 });
    expect(server.received.map((m) => (m.action === 'batch' ? m.points.length : m.action))).toEqual(['begin', 500, 500, 203, 'complete']);
    expect(server.received[0]).toEqual({ action: 'begin', device_id: 12, database_revision: 28, source: 'revision-change' });
    expect(server.received.slice(1).every((m) => m.action === 'begin' || m.upload_id === 31)).toBe(true);
    expect(server.received.flatMap((m) => (m.action === 'batch' ? m.points : []))).toEqual(points);
  });

  it('rejects when the server refuses a step, so that the watcher tries again later', async () => {
    const server = serverSide('batch');
    await expect(socketPointUploader(server.emitWithAck)(device, { database_revision: 28, object_count: 1203, truncated: false, points })).rejects.toThrow('the server refused batch: Upload 31 is not open');
    expect(server.received.map((m) => m.action)).toEqual(['begin', 'batch']);
  });
});
