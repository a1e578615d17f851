import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { QueryMessage } from '@syrx/contracts/query-messages';
import { adminWithController, ctlUrl, expectStatus } from '../../test/bacnet-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
afterEach(async () => t?.close());

describe('Discover-devices messages', () => {
  it('creates messages that wait for the agent, and lists them by the grid filter', async () => {
    t = await createTestApp();
    const { admin, ctl } = await adminWithController(t);
    const base = `${ctlUrl(ctl)}/services/Syrx.Services.BacnetNetworkQueryService/messages`;
    const first = expectStatus(await admin.post(`${base}/create-discover-devices-message`, {}), 201).json<QueryMessage>();
    expect(first).toMatchObject({
      syrx_controller_id: ctl.id, message_type: 'DiscoverDevices', status: 'created', parameters: { network: null, low_limit: null, high_limit: null },
      acknowledged_on: null, completed_on: null, devices_found: null, devices_added: null, error_message: null,
    });
    // The older service id without "Services." names the same service.
    const ranged = expectStatus(await admin.post(`${ctlUrl(ctl)}/services/Syrx.BacnetNetworkQueryService/messages/create-discover-devices-message`, { network: 1001, low_limit: 1001000, high_limit: 1001999 }), 201).json<QueryMessage>();
    expect(ranged.parameters).toEqual({ network: 1001, low_limit: 1001000, high_limit: 1001999 });

    // Messages finished earlier (as the agent would leave them), to exercise the filters.
    await t.db.execute(sql`update bacnet_query_messages set status = 'completed', completed_on = now(), devices_found = 3, devices_added = 1 where id = ${first.id}`);
    const third = expectStatus(await admin.post(`${base}/create-discover-devices-message`, {}), 201).json<QueryMessage>();
    await t.db.execute(sql`update bacnet_query_messages set status = 'acknowledged', acknowledged_on = now() where id = ${third.id}`);

    const ids = async (q: string) => expectStatus(await admin.get(`${base}${q}`), 200).json<QueryMessage[]>().map((m) => m.id);
    expect(await ids('')).toEqual([third.id, ranged.id]);
    expect(await ids('?filter=show_all')).toEqual([third.id, ranged.id, first.id]);
    expect(await ids('?filter=show_completed')).toEqual([first.id]);
    expect(await ids('?filter=hide_acknowledged')).toEqual([ranged.id]);
    expect(await ids('?filter=show_all&sort=id:asc&skip=1&take=1')).toEqual([ranged.id]);
    expect((await admin.get(`${base}/count`)).json()).toEqual({ count: 2 });
    expect((await admin.get(`${base}/count?filter=show_all`)).json()).toEqual({ count: 3 });
    expect((await admin.get(`${base}?filter=show_all`)).json<QueryMessage[]>()[2]).toMatchObject({ status: 'completed', devices_found: 3, devices_added: 1 });
  });

  it('refuses bad input with 400 and other services with 404', async () => {
    t = await createTestApp();
    const { admin, ctl } = await adminWithController(t);
    const base = `${ctlUrl(ctl)}/services/Syrx.Services.BacnetNetworkQueryService/messages`;
    const create = (body: object) => admin.post(`${base}/create-discover-devices-message`, body);
    expect((await create({ network: 0 })).json()).toMatchObject({ fields: [{ field: 'network' }] });
    expect((await create({ low_limit: 4194304 })).statusCode).toBe(400);
    expect((await create({ high_limit: 'all' })).statusCode).toBe(400);
    expect((await admin.get(`${base}?filter=everything`)).statusCode).toBe(400);
    expect((await admin.get(`${base}?sort=parameters`)).statusCode).toBe(400);
    expect((await admin.get(`${ctlUrl(ctl)}/services/Syrx.UpdaterService/messages`)).statusCode).toBe(404);
    expect((await admin.post(`${ctlUrl(ctl)}/services/Nope/messages/create-discover-devices-message`, {})).statusCode).toBe(404);
    expect((await admin.get(`${base}/count`)).json()).toEqual({ count: 0 });
  });
});
