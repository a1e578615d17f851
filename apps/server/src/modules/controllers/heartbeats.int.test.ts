import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Heartbeat } from '@syrx/contracts/agent-protocol';
import type { EnabledService } from '@syrx/contracts/controllers';
import { defaultEnabledServiceIds, serviceIds } from '@syrx/contracts/services';
import { adminWithController, type Controller, ctlUrl, expectStatus, send } from '../../test/bacnet-helpers.ts';
import { tablesReadWhole } from '../../test/query-plans.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createAgentsService } from './agents.service.ts';
import { heartbeatsStatement, recordHeartbeats } from './heartbeats.repo.ts';

let t: TestApp | null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const hb = (state: string, version = '1.0.0', buffered = 3): Heartbeat => ({
  services: [{ service_id: serviceIds.updater, reported_version: version, diagnostics: { buffered } }],
  critical_statuses: [{ unit: 'syrx-agent.service', active_state: state, sub_state: 'running' }],
});

describe('batched heartbeats', () => {
  it('writes many controllers in one batch: last contact, service reports, and which unit statuses changed; skips a deleted controller', async () => {
    t = await createTestApp();
    const { admin, ctl: a } = await adminWithController(t, 'A');
    const b = expectStatus(await admin.post('/api/SyrxControllers', { name: 'B', description: '' }), 201).json<Controller>();
    const gone = expectStatus(await admin.post('/api/SyrxControllers', { name: 'Gone', description: '' }), 201).json<Controller>();
    expectStatus(await admin.delete(`/api/SyrxControllers/${gone.id}`), 204);

    const first = await recordHeartbeats(t.db, new Map([[a.id, hb('active')], [b.id, hb('active')], [gone.id, hb('active')]]));
    expect(first.get(a.id)?.statuses).toEqual(hb('active').critical_statuses);
    expect(first.get(b.id)).not.toBeNull();
    expect(first.get(gone.id)).toBeNull();

    // Unchanged statuses answer null (browsers hear nothing); a changed one answers the new report.
    const second = await recordHeartbeats(t.db, new Map([[a.id, hb('active', '1.1.0')], [b.id, hb('failed')]]));
    expect(second.get(a.id)).toBeNull();
    expect(second.get(b.id)?.statuses).toEqual(hb('failed').critical_statuses);

    const rows = await t.db.execute<{ id: string; reported_version: string; contacted: boolean }>(sql`
      select syrx_controller_id as id, reported_version, last_contact > now() - interval '1 minute' as contacted
      from enabled_services where service_id = ${serviceIds.updater} order by 1`);
    expect(rows.rows.map((r) => [r.id, r.reported_version, r.contacted]).sort()).toEqual([[a.id, '1.1.0', true], [b.id, '1.0.0', true]].sort());
    const updater = expectStatus(await admin.get(`${ctlUrl(a)}/enabled-services`), 200).json<EnabledService[]>().find((s) => s.service_id === serviceIds.updater);
    expect(updater?.diagnostics).toEqual({ buffered: 3 });
  });

  it("writes a service's row only when its version or rollout changes, and shows its last contact and diagnostics moving with every heartbeat", async () => {
    const app = (t = await createTestApp());
    const { admin, ctl } = await adminWithController(app, 'A');
    const row = async () => (await app.db.execute<{ version: string | null; xmin: string }>(sql`
      select reported_version as version, xmin::text from enabled_services where syrx_controller_id = ${ctl.id} and service_id = ${serviceIds.updater}`)).rows[0];
    const shown = async () => expectStatus(await admin.get(`${ctlUrl(ctl)}/enabled-services`), 200).json<EnabledService[]>().find((s) => s.service_id === serviceIds.updater);
    expect(await shown()).toMatchObject({ last_contact: null, reported_version: null });

    await recordHeartbeats(app.db, new Map([[ctl.id, hb('active')]]));
    const first = await row();
    const contact = Date.parse((await shown())?.last_contact ?? '');
    expect(Date.now() - contact).toBeLessThan(60_000);
    // The same report again: the service's row is not written (same row version), yet its last contact moved on.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await recordHeartbeats(app.db, new Map([[ctl.id, hb('active')]]));
    expect(await row()).toEqual(first);
    expect(Date.parse((await shown())?.last_contact ?? '')).toBeGreaterThan(contact);
    // Other diagnostics (as an agent's buffer moves between most heartbeats): shown, and still not a write of the row.
    await recordHeartbeats(app.db, new Map([[ctl.id, hb('active', '1.0.0', 40)]]));
    expect((await shown())?.diagnostics).toEqual({ buffered: 40 });
    expect(await row()).toEqual(first);
    // Another version: written.
    await recordHeartbeats(app.db, new Map([[ctl.id, hb('active', '1.1.0')]]));
    expect(await row()).toMatchObject({ version: '1.1.0' });
    expect((await row())?.xmin).not.toBe(first?.xmin);
  });

  it('coalesces an agent’s heartbeats gathered together into one write, every caller answered', async () => {
    t = await createTestApp();
    const { ctl } = await adminWithController(t);
    const agents = createAgentsService(t.db);
    const answers = await Promise.all([agents.recordHeartbeat(ctl.id, hb('active')), agents.recordHeartbeat(ctl.id, hb('failed'))]);
    // The later heartbeat wins; both callers get its report.
    expect(answers.map((r) => r?.statuses)).toEqual([hb('failed').critical_statuses, hb('failed').critical_statuses]);
    await agents.close();
    await expect(agents.recordHeartbeat(ctl.id, hb('active'))).rejects.toThrow(/closing/);
  });

  it('times each batch write on /metrics, by kind, with how many reports it held (where an acknowledgement waits)', async () => {
    t = await createTestApp();
    const { ctl } = await adminWithController(t);
    const agents = createAgentsService(t.db);
    await Promise.all([agents.recordHeartbeat(ctl.id, hb('active')), agents.recordHeartbeat(ctl.id, hb('failed'))]);
    await agents.close();
    const body = (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    // Two heartbeats of one agent coalesced: one write of one report.
    expect(body).toMatch(/syrx_batch_write_seconds_count\{kind="heartbeats",ok="true"\} 1\n/);
    expect(body).toMatch(/syrx_batch_write_items_sum\{kind="heartbeats"\} 1\n/);
  });
});

describe("a heartbeat batch's plan in a fleet", () => {
  // At 10,000 controllers, plans that read syrx_controllers, critical_service_statuses or enabled_services whole took
  // 3 to 17 ms a batch of 13 heartbeats (by index: under 1 ms), 75 batches a second: the batch's rows must be looked
  // up, not scanned for (docs/decisions.md, "Batch statements find their rows from an id array").
  it('looks the batch\'s controllers up by index in every table it reads, however many controllers there are', async () => {
    const app = (t = await createTestApp());
    const { ctl } = await adminWithController(app);
    await app.db.execute(sql`
      insert into syrx_controllers (id, group_id, name, secret_hash)
      select gen_random_uuid(), group_id, 'Fleet ' || n, secret_hash from syrx_controllers, generate_series(1, 3000) n where id = ${ctl.id}`);
    await app.db.execute(sql`
      insert into enabled_services (syrx_controller_id, service_id, assigned_version)
      select c.id, s.id, '>=1.0.0' from syrx_controllers c, unnest(string_to_array(${defaultEnabledServiceIds.join(',')}, ',')) s(id)
      where c.id <> ${ctl.id}`);
    const fleet = (await app.db.execute<{ id: string }>(sql`select id from syrx_controllers order by id limit 13`)).rows.map((r) => r.id);
    await recordHeartbeats(app.db, new Map((await app.db.execute<{ id: string }>(sql`select id from syrx_controllers`)).rows.map((r) => [r.id, hb('active')])));
    await app.db.execute(sql`analyze`);

    expect(await tablesReadWhole(app.db, heartbeatsStatement(new Map(fleet.map((id) => [id, hb('failed')]))))).toEqual([]);
  });
});

describe('heartbeats and a change of the enabled services at the same time', () => {
  // A deadlock here answered the change with 500 (CI, PostgreSQL pass): the change locked the updater's row then the
  // control service's, a heartbeat's update the other way round.
  it('wait for each other in turn, never in a cycle: every change answers 200 and the heartbeats go on being written', async () => {
    const app = (t = await createTestApp());
    const { admin, ctl } = await adminWithController(app);
    const url = `${ctlUrl(ctl)}/enabled-services`;
    // The updater listed before the control service: the reverse of the rows' order.
    const items = (range: string) => [{ service_id: serviceIds.updater, assigned_version: '>=1.0.0' }, { service_id: serviceIds.control, assigned_version: range }];
    expectStatus(await send(admin, 'PUT', url, items('^1.0.0')), 200);
    const both: Heartbeat = { ...hb('active'), services: [{ service_id: serviceIds.control, reported_version: '1.0.0' }, hb('active').services[0]!] };
    // Heartbeats written back to back while the list is changed again and again.
    let changing = true;
    let written = 0;
    const beats = (async () => {
      while (changing) {
        await recordHeartbeats(app.db, new Map([[ctl.id, both]]));
        written++;
      }
    })();
    try {
      for (let round = 0; round < 60; round++) expectStatus(await send(admin, 'PUT', url, items(round % 2 ? '^1.0.0' : '^2.0.0')), 200);
    } finally {
      changing = false;
      await beats;
    }
    expect(written).toBeGreaterThan(0);
  });
});
