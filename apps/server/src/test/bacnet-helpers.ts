import type { LightMyRequestResponse } from 'fastify';
import type { BacnetDevice, DeviceInput } from '@syrx/contracts/devices';
import type { PointUploadItem, PointUploadResult } from '@syrx/contracts/points';
import type { ServiceArtifact } from '@syrx/contracts/service-versions';
import { registerAndSignIn } from './registration-helpers.ts';
import type { TestApp, TestClient } from './test-app.ts';

export interface Controller {
  id: string;
  password: string;
  group_id: number;
}

export const ctlUrl = (c: { id: string }) => `/api/SyrxControllers/${c.id}`;

/** Sends any method with a JSON body (TestClient has shortcuts for GET, POST and DELETE only). */
export const send = (c: TestClient, method: 'PUT' | 'PATCH' | 'POST', url: string, payload: unknown) =>
  c.request({ method, url, payload: payload as object });

/** Fails with the answer's body when the status is not the expected one, so a test shows why. */
export function expectStatus(res: LightMyRequestResponse, status: number): LightMyRequestResponse {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res;
}

/** The administrator (pcs_admin, every group) with one controller in the root group. */
export async function adminWithController(t: TestApp, name = 'Plant controller', groupId?: number): Promise<{ admin: TestClient; ctl: Controller }> {
  const admin = t.client();
  await admin.signIn();
  const ctl = expectStatus(await admin.post('/api/SyrxControllers', { name, description: '', ...(groupId ? { group_id: groupId } : {}) }), 201).json<Controller>();
  return { admin, ctl };
}

/** A self-registered user of another organization: sees none of the administrator's controllers. */
export async function outsider(t: TestApp): Promise<TestClient> {
  const c = t.client();
  await registerAndSignIn(c, t.db, { email: 'outsider@example.com', group_name: 'Elsewhere Inc' });
  return c;
}

/**
 * A self-registered user (no pcs_admin) and a controller the administrator put into that user's organization, so the
 * user sees it but may not change it.
 */
export async function viewerWithController(t: TestApp, admin: TestClient): Promise<{ viewer: TestClient; ctl: Controller }> {
  const viewer = t.client();
  const { user } = await registerAndSignIn(viewer, t.db, { email: 'viewer@example.com', group_name: 'Viewer Facilities' });
  const ctl = expectStatus(await admin.post('/api/SyrxControllers', { name: 'Viewer controller', description: '', group_id: user.commissioning_group.id }), 201).json<Controller>();
  return { viewer, ctl };
}

export async function addDevice(c: TestClient, ctl: { id: string }, input: DeviceInput): Promise<BacnetDevice> {
  return expectStatus(await c.post(`${ctlUrl(ctl)}/syrx-controller-bacnet-devices`, input), 201).json<BacnetDevice>();
}

/** Points AI-1…AI-n (analog inputs in °F). */
export const analogInputs = (from: number, to: number): PointUploadItem[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ object_type: 0, instance_number: from + i, name: `AI-${from + i}`, description: `Sensor ${from + i}`, units: 64 }));

/** Uploads a device's point list through the REST steps, in batches of 500. */
export async function uploadPoints(c: TestClient, deviceId: number, points: PointUploadItem[], begin: { database_revision?: number | null; source?: 'user' | 'revision-change' } = {}): Promise<PointUploadResult> {
  const base = `/api/bacnet-devices/${deviceId}/bacnet-points`;
  const { upload_id } = expectStatus(await c.post(`${base}/begin`, begin), 201).json<{ upload_id: number }>();
  for (let i = 0; i < points.length; i += 500) expectStatus(await c.post(base, { upload_id, points: points.slice(i, i + 500) }), 204);
  return expectStatus(await c.post(`${base}/complete`, { upload_id }), 200).json<PointUploadResult>();
}

/** Publishes a service's package and (unless `withVersion` is false) its version in one call, as a build pipeline does. */
export async function publishPackage(admin: TestClient, service: string, version: string, content: Buffer, withVersion = true): Promise<ServiceArtifact> {
  const query = `git_revision=rev-${version}&file_name=${encodeURIComponent(`${service}-${version}.syrxpkg`)}${withVersion ? `&version_name=${version}` : ''}`;
  const url = `/api/v2/syrx-controller-service-types/${service}/artifacts?${query}`;
  return expectStatus(await admin.request({ method: 'POST', url, payload: content, headers: { 'content-type': 'application/octet-stream' } }), 201).json<ServiceArtifact>();
}

/** Polls until the check holds (for work the server does in the background). */
export async function until(check: () => Promise<boolean>, ms = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what} not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
