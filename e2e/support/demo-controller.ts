import { type Page, expect } from '@playwright/test';
import { e2eAdmin } from './global-setup.ts';
import { send } from './api.ts';

/** The demo controller the server makes with DEMO on, beside the simulated building (see global-setup.ts). */
export const demoControllerName = 'Building A controller';
const queryService = 'Syrx.Services.BacnetNetworkQueryService';
const reportingService = 'Syrx.Services.ReportingService';

/** `timeout`: how long the sign-in may take (longer for a spec run first, while the server still seeds the demo). */
export async function signInAsAdmin(page: Page, next: string, timeout?: number): Promise<void> {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Current group:')).toBeVisible({ timeout });
}

/** The demo controller's id, asked with the signed-in page's session. */
export async function demoControllerId(page: Page): Promise<string> {
  const response = await page.request.get('/api/SyrxControllers?take=1000');
  expect(response.ok()).toBe(true);
  const demo = ((await response.json()) as { id: string; name: string }[]).find((c) => c.name === demoControllerName);
  if (!demo) throw new Error(`No "${demoControllerName}": the server must run with DEMO on (see support/global-setup.ts)`);
  return demo.id;
}


/** Enables the reporting service on the controller unless it is (the demo controller has it from the start). */
export async function ensureReportingService(page: Page, controllerId: string): Promise<void> {
  const url = `/api/SyrxControllers/${controllerId}/enabled-services`;
  const enabled = (await (await page.request.get(url)).json()) as { service_id: string; assigned_version: string }[];
  if (enabled.some((s) => s.service_id === reportingService)) return;
  const list = [...enabled.map((s) => ({ service_id: s.service_id, assigned_version: s.assigned_version })), { service_id: reportingService, assigned_version: '>=1.0.0 <2.0.0-0' }];
  await send(page, 'PUT', url, list);
}

interface Device {
  id: number;
  instance_number: number;
  status: string;
}

/**
 * The id of the demo building's device `instance` once it is available with its points read. When it is not there
 * (the devices spec discovers the building through the browser), a background discovery message of the query
 * service finds it; the server then reads its properties and points itself.
 */
export async function ensureDevice(page: Page, controllerId: string, instance: number): Promise<number> {
  const base = `/api/SyrxControllers/${controllerId}`;
  const find = async () =>
    ((await (await page.request.get(`${base}/bacnet-devices?showUnavailable=true&take=1000`)).json()) as Device[]).find((d) => d.instance_number === instance);
  if (!(await find())) await send(page, 'POST', `${base}/services/${queryService}/messages/create-discover-devices-message`, {});
  let id = 0;
  await expect(async () => {
    const device = await find();
    expect(device?.status).toBe('available');
    const { count } = (await (await page.request.get(`/api/bacnet-devices/${device?.id}/bacnet-points/count`)).json()) as { count: number };
    expect(count).toBeGreaterThan(0);
    id = device?.id ?? 0;
  }).toPass({ timeout: 120_000, intervals: [1000, 2000, 5000] });
  return id;
}

/** RTR-1 of the demo building, which the server runs on 127.0.60.x (support/global-setup.ts); the VAVs are behind it. */
const router = '127.0.60.2:47808';

/**
 * The VAV box at MS/TP MAC `mac` (instance 1001000 + mac) as a device of the controller, its properties and points read
 * through the agent: added by hand when discovery has not found it yet (a retry finds it there).
 */
export async function ensureVav(page: Page, controllerId: string, mac: number): Promise<void> {
  const base = `/api/SyrxControllers/${controllerId}`;
  const instance = 1001000 + mac;
  const listed = (await (await page.request.get(`${base}/bacnet-devices?showUnavailable=true&take=1000`)).json()) as { id: number; instance_number: number }[];
  const device = listed.find((d) => d.instance_number === instance)
    ?? (await send(page, 'POST', `${base}/syrx-controller-bacnet-devices`, {
      mac_address: router, network: 0, instance_number: instance, destination_network: 1001, destination_mac_address: mac.toString(16).padStart(2, '0'),
    }) as { id: number });
  // The demo agent may still be connecting: the reads answer 503 until it is.
  await expect(async () => {
    await send(page, 'POST', `${base}/bacnet-devices/${device.id}/reload-properties`);
    await send(page, 'POST', `${base}/bacnet-devices/${device.id}/reload-points`);
  }).toPass({ timeout: 60_000, intervals: [1000, 2000, 5000] });
}
