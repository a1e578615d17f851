import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgentsService } from '../modules/controllers/agents.service.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { demoControllerName, ensureDemoController } from './demo-controller.ts';

let t: TestApp;
let dir: string;
afterEach(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const network = { agentAddress: '127.0.10.200', bbmd: { ip: '127.0.10.1', port: 47808 } };

describe('the demo controller', () => {
  it('is created once under Building A, with credentials its agent can use and the building as its BACnet network', async () => {
    t = await createTestApp({ DEMO: 'true' });
    dir = mkdtempSync(path.join(tmpdir(), 'syrx-demo-'));
    const first = await ensureDemoController(t.db, dir, network, true);
    expect(first.created).toBe(true);
    const agents = createAgentsService(t.db);
    expect(await agents.authenticate(first.id, first.password)).toBe(true);

    const admin = t.client();
    await admin.signIn();
    const ctl = (await admin.get(`/api/SyrxControllers/${first.id}`)).json<{ name: string; group_name: string }>();
    expect(ctl).toMatchObject({ name: demoControllerName, group_name: 'Building A' });
    const services = (await admin.get(`/api/SyrxControllers/${first.id}/enabled-services`)).json<{ service_id: string }[]>();
    expect(services.map((s) => s.service_id).sort()).toEqual(['Syrx.Services.BacnetNetworkQueryService', 'Syrx.Services.ControlService', 'Syrx.Services.DiagnosticService', 'Syrx.Services.ReportingService', 'Syrx.UpdaterService']);
    // A discovery waits for the agent (it is delivered when the agent connects).
    const messages = (await admin.get(`/api/SyrxControllers/${first.id}/services/Syrx.Services.BacnetNetworkQueryService/messages?filter=show_all`)).json<unknown>();
    expect(messages).toMatchObject([{ message_type: 'DiscoverDevices', status: 'created', parameters: { network: null } }]);

    // A restart on a moved building reuses the controller and follows the building's addresses.
    const moved = { agentAddress: '127.0.20.200', bbmd: { ip: '127.0.20.1', port: 47808 } };
    const again = await ensureDemoController(t.db, dir, moved, true);
    expect(again).toMatchObject({ id: first.id, password: first.password, created: false });
    expect((await admin.get(`/api/SyrxControllers/${first.id}/bacnet-connection-configuration`)).json()).toMatchObject({ ip_address: '127.0.20.200', port_num: 47808 });
    expect((await admin.get(`/api/SyrxControllers/${first.id}/bacnet-connection-bbmd-servers`)).json()).toMatchObject([{ ip_address: '127.0.20.1', port_num: 47808 }]);
    // Only the first start discovers.
    expect((await admin.get(`/api/SyrxControllers/${first.id}/services/Syrx.Services.BacnetNetworkQueryService/messages/count?filter=show_all`)).json()).toEqual({ count: 1 });
  });

  it('gives the existing controller a new secret when its credentials file is gone, rather than a twin', async () => {
    t = await createTestApp({ DEMO: 'true' });
    dir = mkdtempSync(path.join(tmpdir(), 'syrx-demo-'));
    const first = await ensureDemoController(t.db, dir, network);
    rmSync(path.join(dir, 'demo-controller.json'));
    const second = await ensureDemoController(t.db, dir, network);
    expect(second).toMatchObject({ id: first.id, created: false });
    expect(second.password).not.toBe(first.password);
    const agents = createAgentsService(t.db);
    expect(await agents.authenticate(first.id, first.password)).toBe(false);
    expect(await agents.authenticate(second.id, second.password)).toBe(true);
    const admin = t.client();
    await admin.signIn();
    expect((await admin.get('/api/SyrxControllers/count')).json()).toEqual({ count: 1 });
  });
});
