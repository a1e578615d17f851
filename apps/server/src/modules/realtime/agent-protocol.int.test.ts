import { describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { agentEvents, type AgentPointUploadAck } from '@syrx/contracts/agent-protocol';
import { acknowledgement, clientEvents, dataResponse, type RequestResponse } from '@syrx/contracts/realtime';
import { browserSocket, serverWithController, startRead } from '../../test/agent-helpers.ts';
import { addDevice, analogInputs, type Controller, ctlUrl, expectStatus, until, viewerWithController } from '../../test/bacnet-helpers.ts';
import { collect } from '../../test/operations-helpers.ts';
import { protocolAgent } from '../../test/records-helpers.ts';
import { useTestApps } from '../../test/test-app.ts';
import type { BacnetPoint } from '@syrx/contracts/points';
import type { ServiceLogEntry } from '@syrx/contracts/service-logs';
import { serviceIds } from '@syrx/contracts/services';

const apps = useTestApps();

/**
 * A client speaking the agent protocol with a controller's credentials: for what a well-behaved agent never does
 * (another controller's device, malformed steps) and for an agent that goes silent or leaves mid-request.
 */
const protocolClient = async (url: string, ctl: Controller): Promise<Socket> => (await protocolAgent(url, ctl, apps)).socket;

const upload = (s: Socket, payload: unknown) => s.timeout(5000).emitWithAck(agentEvents.pointUpload, payload) as Promise<AgentPointUploadAck>;

describe('the agent protocol', () => {
  it('takes point uploads from an agent for its own devices only, and refuses malformed steps in the acknowledgement', async () => {
    const { url, admin, ctl } = await serverWithController(apps);
    const other = expectStatus(await admin.post('/api/SyrxControllers', { name: 'Other', description: '' }), 201).json<Controller>();
    const mine = await addDevice(admin, ctl, { mac_address: '10.0.0.5', instance_number: 5 });
    const theirs = await addDevice(admin, other, { mac_address: '10.0.0.6', instance_number: 6 });
    const agent = await protocolClient(url, ctl);

    expect(await upload(agent, { action: 'begin', device_id: theirs.id, database_revision: 4 })).toEqual({ ok: false, error: 'The BACnet device was not found.' });
    expect(await upload(agent, { action: 'launch' })).toMatchObject({ ok: false });
    expect(await upload(agent, { action: 'batch', upload_id: 1, points: analogInputs(1, 501) })).toMatchObject({ ok: false });

    const begun = await upload(agent, { action: 'begin', device_id: mine.id, database_revision: 4 });
    expect(begun).toMatchObject({ ok: true, upload_id: expect.any(Number) as number });
    const uploadId = begun.ok ? begun.upload_id : undefined;
    expect(await upload(agent, { action: 'batch', upload_id: uploadId, points: analogInputs(1, 2) })).toEqual({ ok: true, upload_id: uploadId });
    // The other controller's agent cannot touch this upload.
    const stranger = await protocolClient(url, other);
    expect(await upload(stranger, { action: 'complete', upload_id: uploadId })).toEqual({ ok: false, error: 'The point upload was not found.' });
    expect(await upload(agent, { action: 'complete', upload_id: uploadId })).toEqual({ ok: true, upload_id: uploadId, result: { total: 2, appeared: 2, disappeared: 0, reappeared: 0 } });
    const [change] = (await admin.get(`${ctlUrl(ctl)}/bacnet-devices/${mine.id}/point-changes`)).json<{ source: string; database_revision: number }[]>();
    expect(change).toMatchObject({ source: 'revision-change', database_revision: 4 });
  });

  it('stores what an agent sends with U+0000 in its text (devices padding names as C strings, binary in a log) without it', async () => {
    const { url, admin, ctl } = await serverWithController(apps);
    const dev = await addDevice(admin, ctl, { mac_address: '10.0.0.5', instance_number: 5 });
    const agent = await protocolClient(url, ctl);
    const begun = await upload(agent, { action: 'begin', device_id: dev.id, database_revision: 1 });
    const uploadId = begun.ok ? begun.upload_id : undefined;
    const padded = analogInputs(1, 2).map((p) => ({ ...p, name: `${p.name}\u0000\u0000\u0000`, description: `Zone\u0000temp` }));
    expect(await upload(agent, { action: 'batch', upload_id: uploadId, points: padded })).toEqual({ ok: true, upload_id: uploadId });
    expect(await upload(agent, { action: 'complete', upload_id: uploadId })).toMatchObject({ ok: true, result: { total: 2, appeared: 2 } });
    const points = expectStatus(await admin.get(`/api/bacnet-devices/${dev.id}/bacnet-points?sort=object_id`), 200).json<BacnetPoint[]>();
    expect(points.map((p) => [p.name, p.description])).toEqual([['AI-1', 'Zonetemp'], ['AI-2', 'Zonetemp']]);

    const entry = { id: 'nul-1', service_id: serviceIds.reporting, timestamp: Date.now() - 1000, level: 'WARN', logger: 'Syrx\u0000', message: 'read \u0000\u0001 from AHU-1', exception: null };
    expect(await agent.timeout(5000).emitWithAck(agentEvents.logs, { entries: [entry] })).toEqual({ ok: true, stored: 1 });
    const logs = expectStatus(await admin.get(`${ctlUrl(ctl)}/services/${serviceIds.reporting}/logs`), 200).json<ServiceLogEntry[]>();
    expect(logs.map((l) => [l.logger, l.message])).toEqual([['Syrx', 'read \u0001 from AHU-1']]);
  });

  it('fails a reload with 503 when the agent leaves before answering, and leaves the device as it was', async () => {
    const { url, admin, ctl } = await serverWithController(apps);
    const dev = await addDevice(admin, ctl, { mac_address: '10.0.0.5', instance_number: 5 });
    const agent = await protocolClient(url, ctl);
    agent.on(agentEvents.request, (p: { request: { requestId: string }; replyTo: string }) => {
      agent.emit(agentEvents.response, { requestId: p.request.requestId, replyTo: p.replyTo, data: acknowledgement() });
      agent.disconnect();
    });
    const res = await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${dev.id}/reload-properties`);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'unavailable', message: "The controller's agent disconnected before it answered.", details: { exception_type: 'AgentDisconnected' } });
    expect((await admin.get(`${ctlUrl(ctl)}/bacnet-devices/${dev.id}`)).json()).toEqual(dev);
  });

  it('fails calls in flight when the server closes, rather than leaving them to their time-out', async () => {
    const { url, admin, ctl } = await serverWithController(apps);
    const dev = await addDevice(admin, ctl, { mac_address: '10.0.0.5', instance_number: 5 });
    const agent = await protocolClient(url, ctl);
    let asked = false;
    agent.on(agentEvents.request, (p: { request: { requestId: string }; replyTo: string }) => {
      asked = true;
      agent.emit(agentEvents.response, { requestId: p.request.requestId, replyTo: p.replyTo, data: acknowledgement() });
    });
    const pending = admin.post(`${ctlUrl(ctl)}/bacnet-devices/${dev.id}/reload-points`);
    await until(async () => asked, 5000, 'request reached the agent');
    const closing = apps.close();
    const res = await pending;
    await closing;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'unavailable', message: 'The server is shutting down.' });
  });

  it("relays an agent's reply only for a request to its own controller: another organization's agent naming one reaches no browser", async () => {
    const { t, url, admin, ctl: ctlA } = await serverWithController(apps);
    // Controller B belongs to another organization (the viewer's); its agent is the one that misbehaves.
    const { ctl: ctlB } = await viewerWithController(t, admin);
    const warn = vi.spyOn(t.app.log, 'warn');
    const agentA = await protocolClient(url, ctlA);
    const agentB = await protocolClient(url, ctlB);
    const asked = new Promise<{ request: { requestId: string }; replyTo: string }>((resolve) => agentA.once(agentEvents.request, resolve));

    const browserA = browserSocket(url, admin, apps);
    expect(await browserA.timeout(5000).emitWithAck(clientEvents.connect, { syrxControllerId: ctlA.id })).toEqual({ connected: true });
    const heard = collect<RequestResponse>(browserA, clientEvents.requestResponse);
    startRead(browserA, ctlA.id, 'a1');
    const { request, replyTo } = await asked;

    // Agent B names browser A's relay entry and socket: progress, a final answer, and an answer to no request at all.
    agentB.emit(agentEvents.response, { requestId: request.requestId, replyTo, data: dataResponse({ from: 'B' }, false) });
    agentB.emit(agentEvents.response, { requestId: request.requestId, replyTo, data: dataResponse({ from: 'B' }, true) });
    agentB.emit(agentEvents.response, { requestId: 'made-up', replyTo, data: dataResponse({ from: 'B' }, true) });
    // An agent's events are handled in order: once this is acknowledged, the three replies above were handled too.
    await upload(agentB, { action: 'launch' });

    // A's own answer still arrives (B's "final" answer did not end the request), and it is all browser A heard.
    agentA.emit(agentEvents.response, { requestId: request.requestId, replyTo, data: dataResponse({ from: 'A' }, true) });
    await until(async () => heard.some((r) => r.data?.IsComplete === true && (r.data.Data as { from?: string }).from === 'A'), 5000, "A's answer");
    expect(heard.map((r) => [r.requestId, r.data?.Data])).toEqual([['a1', { from: 'A' }]]);
    // The replies to A's request were logged with both controllers.
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ controllerId: ctlB.id, requestControllerId: ctlA.id }), expect.any(String));
  });
});
