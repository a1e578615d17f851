import { type Locator, type Page, expect, test } from '@playwright/test';
import { demoControllerId, ensureDevice, signInAsAdmin } from '../support/demo-controller.ts';
import { send } from '../support/api.ts';

/**
 * Building pressure control on the demo building: the service is configured through its edit forms (neutral plane
 * height, a 5 s loop, the OAT sensor of WS-1 and the Pnorm output of BPC-1 chosen in the point-picker tree, BPC-1's
 * four transmitters at their heights), output is switched on, and the status panel shows what the agent's loop
 * reads, computes and writes.
 */
const pressureService = 'Syrx.Services.BuildingPressureControlService';
const ws = { instance: 1301, name: 'WS-1' };
const bpc = { instance: 1401, name: 'BPC-1' };
/** BPC-1's transmitters as the simulated building names them, at their heights above grade. */
const transmitters = [
  { point: 'OBJECT_ANALOG_INPUT:1 BPT-1 Lobby Pressure (Level 1, 4 ft)', name: 'Lobby', height: '4' },
  { point: 'OBJECT_ANALOG_INPUT:2 BPT-2 Pressure (Level 5, 52 ft)', name: 'Level 5', height: '52' },
  { point: 'OBJECT_ANALOG_INPUT:3 BPT-3 Pressure (Level 10, 112 ft)', name: 'Level 10', height: '112' },
  { point: 'OBJECT_ANALOG_INPUT:4 BPT-4 Roof Pressure (Level 15, 172 ft)', name: 'Roof', height: '172' },
];
const number = /^-?\d+(\.\d+)?$/;
const dateTime = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [ap]m$/;


/** Enables the pressure control service on the controller (as its enabled-services form would) and clears its transmitters. */
async function preparePressureService(page: Page, controllerId: string): Promise<{ saved: boolean }> {
  const url = `/api/SyrxControllers/${controllerId}/enabled-services`;
  const enabled = (await (await page.request.get(url)).json()) as { service_id: string; assigned_version: string }[];
  if (!enabled.some((s) => s.service_id === pressureService)) {
    await send(page, 'PUT', url, [...enabled.map((s) => ({ service_id: s.service_id, assigned_version: s.assigned_version })), { service_id: pressureService, assigned_version: '>=1.0.0 <2.0.0-0' }]);
  }
  const service = `/api/SyrxControllers/${controllerId}/services/${pressureService}`;
  // A retried run starts without the transmitters an earlier attempt added.
  for (const t of (await (await page.request.get(`${service}/building-pressure-transmitters`)).json()) as { id: number }[]) {
    await send(page, 'DELETE', `${service}/building-pressure-transmitters/${t.id}`);
  }
  return (await (await page.request.get(`${service}/configuration`)).json()) as { saved: boolean };
}

/** Opens the form's point picker and picks a point of a device: device → object type → point. */
async function pickPoint(page: Page, device: string, objectType: string, point: string): Promise<void> {
  await page.getByRole('button', { name: /^Choose (a|another) point$/ }).click();
  const tree = page.getByRole('dialog').getByLabel('Point picker');
  const open = (title: RegExp) => tree.locator('.ant-tree-treenode').filter({ hasText: title }).first().locator('.ant-tree-switcher').click();
  await open(new RegExp(`^${device} \\(\\d+\\)$`));
  await open(new RegExp(`^${objectType} \\(\\d+\\)$`));
  await tree.getByText(point, { exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

/** The value beside a label in one part of the status panel (antd Descriptions). */
function valueOf(panel: Locator, part: string, label: string): Locator {
  const section = panel.locator('.ant-descriptions').filter({ has: panel.page().locator('.ant-descriptions-title', { hasText: part }) });
  return section.locator('tr').filter({ has: panel.page().locator('th').getByText(label, { exact: true }) }).locator('td');
}

/** A grid row's cell under a column title, once the row is shown (allTextContents does not wait). */
async function cellUnder(grid: Locator, row: Locator, title: string): Promise<Locator> {
  await expect(row).toBeVisible({ timeout: 30_000 });
  const titles = await grid.locator('.ant-table-thead th').allTextContents();
  expect(titles).toContain(title);
  return row.locator('td').nth(titles.indexOf(title));
}

test('configure pressure control on the demo controller, add transmitters, enable output, see the status panel update', async ({ page }) => {
  test.setTimeout(300_000);
  await signInAsAdmin(page, '/home');
  const id = await demoControllerId(page);
  const servicePage = `/admin/syrx-controllers/${id}/services/${pressureService}`;
  const before = await preparePressureService(page, id);
  await ensureDevice(page, id, ws.instance);
  await ensureDevice(page, id, bpc.instance);

  await page.goto(servicePage);
  const panel = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: 'Building pressure control' }) });
  await expect(valueOf(panel, 'Configuration', 'Interval')).toBeVisible({ timeout: 30_000 });
  if (!before.saved) await expect(panel.getByText('The building pressure control service is not configured yet.')).toBeVisible();

  // Configuration: the neutral plane at mid-height and a 5 s loop (the demo's default is 60 s).
  await panel.getByRole('button', { name: 'Edit configuration' }).click();
  await expect(page).toHaveURL(/\/configuration\/edit$/);
  await page.getByLabel('Neutral plane height (ft)').fill('88');
  await page.getByLabel('Interval (s)').fill('5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${servicePage}$`));
  await expect(valueOf(panel, 'Configuration', 'Neutral plane height')).toHaveText('88 ft');
  await expect(valueOf(panel, 'Configuration', 'Interval')).toHaveText('5 s');
  await expect(panel.getByText('The building pressure control service is not configured yet.')).toBeHidden();

  // The OAT sensor and the Pnorm output, chosen in the point-picker tree.
  await panel.getByRole('button', { name: 'Choose OAT sensor' }).click();
  await pickPoint(page, ws.name, 'OBJECT_ANALOG_INPUT', 'OBJECT_ANALOG_INPUT:1 Outside Air Temperature');
  await expect(page.getByText('Outside Air Temperature (OBJECT_ANALOG_INPUT:1)')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(valueOf(panel, 'Outside-air-temperature sensor', 'Point name')).toHaveText('Outside Air Temperature');

  await panel.getByRole('button', { name: 'Choose Pnorm output' }).click();
  await pickPoint(page, bpc.name, 'OBJECT_ANALOG_OUTPUT', 'OBJECT_ANALOG_OUTPUT:1 Building Pressure Normalized Output');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(valueOf(panel, 'Pnorm output', 'Point name')).toHaveText('Building Pressure Normalized Output');

  // The four transmitters of BPC-1 at their heights; the server numbers them BPT-1 to BPT-4.
  const grid = panel.locator('.ant-table').filter({ has: page.locator('th', { hasText: 'Last normalised pressure (in. w.c.)' }) });
  for (const [i, t] of transmitters.entries()) {
    await panel.getByRole('button', { name: 'New transmitter' }).click();
    await expect(page).toHaveURL(/\/building-pressure-transmitters\/new$/);
    await page.getByLabel('Name', { exact: true }).fill(t.name);
    await page.getByLabel('Transmitter height (ft)').fill(t.height);
    await pickPoint(page, bpc.name, 'OBJECT_ANALOG_INPUT', t.point);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(new RegExp(`${servicePage}$`));
    const row = grid.locator('.ant-table-row').filter({ has: page.locator('td').getByText(`BPT-${i + 1}`, { exact: true }) });
    await expect(await cellUnder(grid, row, 'Height (ft)')).toHaveText(t.height);
  }

  // Output on: the loop writes Pnorm, and the panel (asked again every 15 s) shows what it read, computed and wrote.
  await panel.getByRole('button', { name: 'Edit configuration' }).click();
  await page.getByRole('switch', { name: 'Output enabled' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(valueOf(panel, 'Configuration', 'Output enabled')).toHaveText('Enabled');

  await expect(valueOf(panel, 'Outside-air-temperature sensor', 'Last value')).toHaveText(/^-?\d+(\.\d+)? °F$/, { timeout: 120_000 });
  await expect(valueOf(panel, 'Outside-air-temperature sensor', 'Last value date')).toHaveText(dateTime);
  for (const [i] of transmitters.entries()) {
    const row = grid.locator('.ant-table-row').filter({ has: page.locator('td').getByText(`BPT-${i + 1}`, { exact: true }) });
    await expect(await cellUnder(grid, row, 'Last pressure (in. w.c.)')).toHaveText(number, { timeout: 60_000 });
    await expect(await cellUnder(grid, row, 'Last normalised pressure (in. w.c.)')).toHaveText(number);
    await expect(await cellUnder(grid, row, 'Last value date')).toHaveText(dateTime);
  }
  await expect(valueOf(panel, 'Pnorm output', 'Last Pnorm')).toHaveText(/^-?\d+(\.\d+)? in\. w\.c\.$/);
  await expect(valueOf(panel, 'Pnorm output', 'Last computed')).toHaveText(dateTime);
  await expect(valueOf(panel, 'Pnorm output', 'Last written')).toHaveText(dateTime, { timeout: 60_000 });
});
