import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { send } from '../support/api.ts';
import { demoControllerId, signInAsAdmin } from '../support/demo-controller.ts';

/** What a newcomer meets in the first hour (issue 24): status dots that tell the truth, metrics over a week, no dead ends. */
const area = '/admin/syrx-controllers';
const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The agent program, as a controller runs it, for a controller of this test (only its updater enabled). */
function startAgent(controller: { id: string; password: string }, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/agent/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      SYRX_SERVER_URL: process.env.E2E_BASE_URL,
      SYRX_CONTROLLER_ID: controller.id,
      SYRX_CONTROLLER_PASSWORD: controller.password,
      SYRX_BACNET_ADDRESS: '127.0.61.5',
      SYRX_DATA_DIR: dataDir,
      SYRX_LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
}

test('a controller’s dot turns red within 30 s of its agent being killed, in the tree and on its page', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, '/home');
  const name = `Killed agent ${Date.now() % 100_000}`;
  const controller = (await send(page, 'POST', '/api/SyrxControllers', { name, description: '' })) as { id: string; password: string };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'syrx-e2e-agent-'));
  const agent = startAgent(controller, dataDir);
  try {
    await page.goto(`${area}/${controller.id}`);
    const tree = page.getByRole('navigation', { name: 'Syrx controllers' });
    const node = tree.locator('.ant-tree-treenode').filter({ hasText: name }).locator('[data-status]');
    const status = page.getByTestId('controller-status');
    await expect(status).toHaveAttribute('data-status', 'up', { timeout: 45_000 });
    await expect(node).toHaveAttribute('data-status', 'up');

    agent.kill('SIGKILL');
    await expect(status).toHaveAttribute('data-status', 'down', { timeout: 30_000 });
    await expect(node).toHaveAttribute('data-status', 'down');
    await expect(status).toContainText('Down');
  } finally {
    agent.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    await send(page, 'DELETE', `/api/SyrxControllers/${controller.id}`);
  }
});

test('metrics over the last 7 days: drawn at the finest resolution that fits, said beside the selector, never refused', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, '/home');
  await page.goto(`${area}/${await demoControllerId(page)}/services/Syrx.Services.DiagnosticService`);
  const range = page.getByRole('group', { name: 'Metrics range' });
  await expect(range).toBeVisible({ timeout: 30_000 });
  // A week before the start the range shows ("Last hour", whose start keeps its time of day): seven days and an hour.
  // (A week before today fell short of seven days in the first hour of a day, where 1m fits.)
  const startDate = range.getByLabel('Start date');
  const day = new Date(Date.parse(`${await startDate.inputValue()}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
  const asked = page.waitForResponse((r) => r.url().includes('/metrics?') && r.url().includes('resolution=5m'));
  await startDate.fill(day);
  expect((await asked).status()).toBe(200);
  await expect(page.getByTestId('resolution-note')).toHaveText('5m: the finest resolution that fits this range');
  await expect(page.getByText('The metrics could not be loaded')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Metrics chart' }).locator('canvas')).toBeVisible({ timeout: 60_000 });

  // A resolution chosen too fine for the week is named, with the one that fits a click away.
  await page.getByRole('combobox', { name: 'Resolution' }).click();
  await page.getByTitle('1m', { exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('the finest resolution that fits is 5m');
  await page.getByRole('button', { name: 'Use 5m' }).click();
  await expect(page.getByRole('img', { name: 'Metrics chart' }).locator('canvas')).toBeVisible({ timeout: 60_000 });
});

test('menus and home lead to screens that exist: the legacy app’s only while LEGACY_APP_URL is set', async ({ page }) => {
  await signInAsAdmin(page, '/home');
  // This server runs without LEGACY_APP_URL: no link anywhere leads to the legacy app or to a "not yet available" page.
  await expect(page.getByRole('link', { name: 'Syrx controllers' })).toBeVisible();
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.filter((h) => h.includes('/not-available/') || h.includes('#/'))).toEqual([]);
  await expect(page.getByRole('link', { name: 'ECOs' })).toHaveCount(0);
  await page.getByRole('menubar').getByText('Commissioning', { exact: true }).hover();
  await expect(page.getByRole('menu').getByRole('link', { name: 'Projects', exact: true })).toBeVisible();
  await expect(page.getByRole('menu').getByRole('link', { name: 'ECOs', exact: true })).toHaveCount(0);

  // With the legacy app deployed (the client configuration the server answers with LEGACY_APP_URL set), they appear.
  await page.route('**/api/v2/client-config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as object), legacy_app_url: 'https://legacy.example' } });
  });
  await page.reload();
  await expect(page.getByRole('link', { name: 'ECOs' })).toHaveAttribute('href', 'https://legacy.example/#/commissioning/ecos');
  await page.getByRole('menubar').getByText('Reporting', { exact: true }).hover();
  await expect(page.getByRole('menu').getByRole('link', { name: 'Queued reports', exact: true })).toHaveAttribute('href', 'https://legacy.example/#/reporting/queued_reports');
});

test('the device grid fits 1440 px; points selected for reporting while the reporting service is off: the grid says so and turns it on in one click', async ({ page }) => {
  await signInAsAdmin(page, '/home');
  const controller = (await send(page, 'POST', '/api/SyrxControllers', { name: `Reporting off ${Date.now() % 100_000}`, description: '' })) as { id: string };
  const ctl = `/api/SyrxControllers/${controller.id}`;
  try {
    // A new controller runs reporting from the start; turned off here, as a user might have.
    await send(page, 'PUT', `${ctl}/enabled-services`, [{ service_id: 'Syrx.UpdaterService', assigned_version: '^1.0.0' }]);
    const device = (await send(page, 'POST', `${ctl}/syrx-controller-bacnet-devices`, { mac_address: '10.61.0.5', instance_number: 5 })) as { id: number };
    const points = `/api/bacnet-devices/${device.id}/bacnet-points`;
    const { upload_id } = (await send(page, 'POST', `${points}/begin`, {})) as { upload_id: number };
    await send(page, 'POST', points, { upload_id, points: [{ object_type: 0, instance_number: 1, name: 'Zone temp', units: 64 }] });
    await send(page, 'POST', `${points}/complete`, { upload_id });

    // At 1440 px the device grid keeps its actions in view (they were clipped): in a menu, space being short
    // (tests/grids.spec.ts checks every column of the grids).
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${area}/${controller.id}/devices`);
    const actions = page.getByRole('button', { name: 'Actions for Device 5' });
    await expect(actions).toBeVisible();
    const box = await actions.boundingBox();
    expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(1440);

    await page.goto(`${area}/${controller.id}/devices/${device.id}/points`);
    // Not check(): that reads the box at once after the click, and the grid's rows are the query cache's, which the
    // optimistic change updates a moment later (a CI run under load read it unchanged).
    const select = page.getByLabel('Select OBJECT_ANALOG_INPUT:1 for reporting');
    await select.click();
    await expect(select).toBeChecked();
    // And saved (a refused change would put the box back with an error message).
    await expect.poll(async () => ((await (await page.request.get(points)).json()) as { reporting_is_selected_for_reporting: boolean }[])[0]?.reporting_is_selected_for_reporting).toBe(true);
    const warning = page.getByRole('alert').filter({ hasText: 'The reporting service is not enabled on this controller' });
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Enable the reporting service' }).click();
    await expect(warning).toBeHidden();
    const enabled = (await (await page.request.get(`${ctl}/enabled-services`)).json()) as { service_id: string; assigned_version: string }[];
    expect(enabled.find((s) => s.service_id === 'Syrx.Services.ReportingService')?.assigned_version).toBe('>=1.0.0 <2.0.0-0');
  } finally {
    await send(page, 'DELETE', ctl);
  }
});
