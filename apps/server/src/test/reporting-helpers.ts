import type { BacnetDevice } from '@syrx/contracts/devices';
import type { BacnetPoint, PointUploadResult } from '@syrx/contracts/points';
import type { PointRecord } from '@syrx/contracts/records';
import { serviceIds } from '@syrx/contracts/services';
import { type AgentTestFile, hostIn, startTestAgent } from './agent-helpers.ts';
import { addDevice, type Controller, ctlUrl, expectStatus, send, until } from './bacnet-helpers.ts';
import { recordQuery } from './records-helpers.ts';
import type { TestClient } from './test-app.ts';

const version = '>=1.0.0 <2.0.0-0';

/** A scratch directory for the agent's record buffer, removed after the test. */
export const bufferDir = (file: AgentTestFile): string => file.tempDir('syrx-agent-records-');

/**
 * The test's server listening, a controller with the BACnet connection of the test file's range and the updater, query
 * and reporting services enabled, and its real agent (with the reporting service, its buffer in `dataDir`, polling every
 * second) connected; the caller stops the agent.
 */
export async function reportingAgent(file: AgentTestFile, dataDir: string) {
  const { base } = file;
  const { t, url, admin, ctl } = await file.controller();
  const services = [serviceIds.updater, serviceIds.query, serviceIds.reporting].map((service_id) => ({ service_id, assigned_version: version }));
  expectStatus(await send(admin, 'PUT', `${ctlUrl(ctl)}/enabled-services`, services), 200);
  const agent = startTestAgent(url, ctl, { base, apduTimeoutMs: 500, reporting: { dataDir, pollSeconds: 1 } });
  await until(async () => agent.config()?.reporting.enabled === true, 10_000, 'agent configured for reporting');
  return { t, url, admin, ctl, agent };
}

/** Adds a device of the simulated building (host `host` of the range) and reads its points through the agent. */
export async function simDevice(admin: TestClient, ctl: Controller, base: string, host: number, instance: number): Promise<BacnetPoint[]> {
  const dev: BacnetDevice = await addDevice(admin, ctl, { mac_address: hostIn(base, host), instance_number: instance });
  expectStatus(await admin.post(`${ctlUrl(ctl)}/bacnet-devices/${dev.id}/reload-points`), 200).json<PointUploadResult>();
  return expectStatus(await admin.get(`/api/bacnet-devices/${dev.id}/bacnet-points?take=1000`), 200).json<BacnetPoint[]>();
}

/** The point of that object type (number) and instance; selected for reporting. */
export async function select(admin: TestClient, ctl: Controller, points: BacnetPoint[], objectType: number, instance: number): Promise<BacnetPoint> {
  const p = points.find((x) => x.object_type === objectType && x.instance_number === instance);
  if (!p) throw new Error(`no point ${objectType}:${instance}`);
  expectStatus(await send(admin, 'PATCH', `${ctlUrl(ctl)}/reporting-points/${p.id}`, { is_selected_for_reporting: true }), 200);
  return p;
}

/** Every stored record of the points over the last day (and a day ahead), oldest first, through the API. */
export async function storedRecords(admin: TestClient, ids: number[]): Promise<PointRecord[]> {
  const range = { bacnet_point_ids: ids, from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date(Date.now() + 86_400_000).toISOString() };
  const { count } = expectStatus(await admin.get(`/api/v2/point-records/count?${recordQuery(range)}`), 200).json<{ count: number }>();
  const out: PointRecord[] = [];
  for (let skip = 0; skip < count; skip += 1000) {
    out.push(...expectStatus(await admin.get(`/api/v2/point-records?${recordQuery({ ...range, skip, take: 1000 })}`), 200).json<PointRecord[]>());
  }
  return out;
}
