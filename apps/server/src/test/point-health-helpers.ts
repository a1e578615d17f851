import { expect } from 'vitest';
import type { PointHealthSweep } from '@syrx/contracts/point-health';
import { type AgentTestFile, configureBacnet, listen } from './agent-helpers.ts';
import { signedInAdmin } from './admin-helpers.ts';
import { type Controller, expectStatus, outsider, send, until, viewerWithController } from './bacnet-helpers.ts';
import type { TestApp, TestClient } from './test-app.ts';

/**
 * A server running the job worker (sweeps run at once) with the administrator signed in, a controller in a
 * self-registered organization (its member, `viewer`, sees it without pcs_admin) and the real agent of the file's range,
 * connected.
 */
export async function sweepingServer(file: AgentTestFile): Promise<{ t: TestApp; admin: TestClient; viewer: TestClient; ctl: Controller }> {
  const t = await file.start({ JOB_WORKER: 'true', JOB_POLL_MS: '100' });
  const url = await listen(t);
  const admin = await signedInAdmin(t);
  const { viewer, ctl } = await viewerWithController(t, admin);
  await configureBacnet(admin, ctl, { base: file.base });
  const agent = file.agent(url, ctl, { apduTimeoutMs: 300 });
  await until(async () => agent.config() !== null, 10_000, 'agent connected');
  return { t, admin, viewer, ctl };
}

/**
 * Who may and may not see a sweep or a schedule: the administrator (signed in), a controller in a self-registered
 * organization whose member `viewer` sees it, and `stranger`, the member of another organization.
 */
export async function adminViewerAndStranger(t: TestApp): Promise<{ admin: TestClient; viewer: TestClient; ctl: Controller; stranger: TestClient }> {
  const admin = await signedInAdmin(t);
  const { viewer, ctl } = await viewerWithController(t, admin);
  return { admin, viewer, ctl, stranger: await outsider(t) };
}

/** Starts a point health sweep (202, queued or running) and waits until its job succeeded; the sweep as it ended. */
export async function sweepDone(c: TestClient, body: object): Promise<PointHealthSweep> {
  const api = '/api/v2/point-health';
  const started = expectStatus(await send(c, 'POST', `${api}/sweeps`, body), 202).json<PointHealthSweep>();
  expect(started.status).toMatch(/queued|running/);
  let sweep = started;
  await until(async () => {
    sweep = expectStatus(await c.get(`${api}/sweeps/${started.id}`), 200).json<PointHealthSweep>();
    return sweep.status === 'succeeded' || sweep.status === 'failed';
  }, 30_000, `sweep ${started.id} finished`);
  expect(sweep.status, sweep.error_message ?? '').toBe('succeeded');
  return sweep;
}
