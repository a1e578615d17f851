import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { serviceIds } from '@syrx/contracts/services';
import { adminWithController, ctlUrl, expectStatus, send } from '../../test/bacnet-helpers.ts';
import { useTestApps } from '../../test/test-app.ts';
import { type BatchWrite, batchWrites } from '../../lib/report-timing.ts';
import { createAgentsService } from './agents.service.ts';

const apps = useTestApps();

const updater = { service_id: serviceIds.updater, assigned_version: '>=1.0.0 <2.0.0-0' };
const reporting = { service_id: serviceIds.reporting, assigned_version: '*' };

describe("agents' configurations", () => {
  it('are read for the agents of the moment together (a statement per part, not per agent), each controller its own', async () => {
    const t = await apps.start();
    const { admin, ctl } = await adminWithController(t);
    expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/enabled-services`, [updater, reporting]), 200);
    const other = expectStatus(await admin.post('/api/SyrxControllers', { name: 'Other', description: '' }), 201).json<{ id: string }>();
    expectStatus(await send(admin, 'PUT', `${ctlUrl(other)}/enabled-services`, [updater]), 200);
    expectStatus(await send(admin, 'PUT', `${ctlUrl(other)}/bacnet-connection-configuration`, { ip_address: '127.0.31.1', port_num: 47901 }), 200);
    expectStatus(await send(admin, 'PUT', `${ctlUrl(other)}/bacnet-connection-bbmd-servers`, [{ ip_address: '10.9.0.1' }, { ip_address: '10.9.0.2', port_num: 47809 }]), 200);

    const agents = createAgentsService(t.db);
    const batches: BatchWrite[] = [];
    const heard = (m: unknown) => void batches.push(m as BatchWrite);
    batchWrites.subscribe(heard);
    try {
      // A controller that does not exist, and an id that is no UUID (it must not fail the others' statement), get an empty one.
      const [mine, theirs, nobody, malformed] = await Promise.all([agents.config(ctl.id), agents.config(other.id), agents.config(randomUUID()), agents.config('not-a-uuid')]);
      // (The server's own pushes of the changes above may still be read meanwhile, in batches of their own.)
      expect(batches.filter((b) => b.kind === 'agent-configs').map((b) => b.size)).toContain(4);
      expect(mine).toMatchObject({
        enabled_services: [{ service_id: serviceIds.reporting, assigned_version: '*' }, { service_id: serviceIds.updater, assigned_version: updater.assigned_version }],
        reporting: { enabled: true, points: [] }, bacnet: null,
      });
      expect(theirs).toMatchObject({ enabled_services: [{ service_id: serviceIds.updater }], reporting: { enabled: false }, pressure_control: { enabled: false } });
      expect(theirs.bacnet).toEqual({
        ip_address: '127.0.31.1', port_num: 47901, apdu_timeout_ms: 3000, apdu_retries: 3,
        bbmd_servers: [{ ip_address: '10.9.0.1', ip_mask: '255.255.255.255', port_num: 47808 }, { ip_address: '10.9.0.2', ip_mask: '255.255.255.255', port_num: 47809 }],
      });
      expect(nobody).toMatchObject({ enabled_services: [], devices: [], reporting: { enabled: false, points: [] }, bacnet: null });
      expect(malformed).toEqual(nobody);
      // Read alone, each is the same, and in the same statements: their texts do not change with the count of
      // controllers (db/array-params.ts), so recurring ones stay few and keep their prepared names.
      const pool = t.pool as unknown as { query: (config: unknown, ...rest: unknown[]) => unknown };
      const spy = vi.spyOn(pool, 'query');
      // The server's own pushes of the changes above read configurations too: measured once they are done.
      await vi.waitFor(async () => {
        spy.mockClear();
        await sleep(100);
        expect(spy).not.toHaveBeenCalled();
      }, { timeout: 10_000 });
      const textsOf = async (read: () => Promise<unknown>) => {
        spy.mockClear();
        await read();
        return spy.mock.calls.map(([config]) => (typeof config === 'string' ? config : (config as { text: string }).text));
      };
      const alone = await textsOf(async () => expect(await agents.config(ctl.id)).toEqual(mine));
      const together = await textsOf(() => Promise.all([agents.config(ctl.id), agents.config(other.id), agents.config(randomUUID())]));
      spy.mockRestore();
      // Enabled services, connection, BBMD servers (this service has no devices, points or versions to ask).
      expect(alone).toHaveLength(3);
      expect(together).toEqual(alone);
      expect(await agents.config(other.id)).toEqual(theirs);
    } finally {
      batchWrites.unsubscribe(heard);
      await agents.close();
    }
  });
});
