import { expect, test } from '@playwright/test';
import { demoControllerId, demoControllerName, ensureVav, signInAsAdmin } from '../support/demo-controller.ts';

/**
 * A point health sweep of the demo controller (docs/point-health.md): the simulated building carries points in each
 * condition (apps/bacnet-sim/README.md): overrides at priority 8 (VAV-2-02, VAV-2-08, VAV-3-03), out of service (VAV-2-04,
 * VAV-3-06), faulty sensors (VAV-2-06, VAV-3-02) and alarms (VAV-2-10, VAV-3-09).
 */
const conditionVavs = [2, 4, 6, 8, 10, 12, 13, 16, 19];

test('start a sweep of the demo controller, see the counts, drill into the overrides and relinquish one', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page, '/home', 60_000);
  const id = await demoControllerId(page);
  for (const mac of conditionVavs) await ensureVav(page, id, mac);

  // Commissioning → Point health: the fleet view, each controller against the categories.
  await page.getByRole('menubar').getByText('Commissioning', { exact: true }).hover();
  await page.getByRole('menu').getByRole('link', { name: 'Point health', exact: true }).click();
  await expect(page).toHaveURL(/\/commissioning\/point-health$/);
  await expect(page.getByRole('table', { name: 'Point health by controller' }).getByText(demoControllerName)).toBeVisible();

  // Start a sweep: the sweep's page follows it to the end.
  await page.getByRole('button', { name: `Start a sweep of ${demoControllerName}` }).click();
  await expect(page).toHaveURL(/\/commissioning\/point-health\/sweeps\/\d+$/);
  await expect(page.getByRole('heading', { name: new RegExp(`^Sweep #\\d+: ${demoControllerName}$`) })).toBeVisible();
  await expect(page.getByText('succeeded', { exact: true })).toBeVisible({ timeout: 120_000 });

  // The counts: the building's conditions (an override relinquished by an earlier try of this test is gone).
  const categories = page.getByRole('radiogroup', { name: 'Category' });
  await expect(categories.getByText('Out of service (2)')).toBeVisible();
  await expect(categories.getByText('Fault (2)')).toBeVisible();
  await expect(categories.getByText('In alarm (2)')).toBeVisible();
  const overrides = categories.getByText(/^Overridden \(\d+\)$/);
  const count = Number(/\((\d+)\)/.exec((await overrides.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThanOrEqual(1);
  expect(count).toBeLessThanOrEqual(3);

  // Drill into the overrides: value, flags, the slot (8) holding it.
  await overrides.click();
  await expect(page).toHaveURL(/category=overridden/);
  const grid = page.getByRole('table', { name: 'Findings' });
  await expect(grid.locator('tbody tr.ant-table-row')).toHaveCount(count);
  const row = grid.locator('tbody tr.ant-table-row').filter({ has: page.getByRole('button', { name: /^Relinquish / }) }).first();
  await expect(row.getByRole('cell', { name: '8', exact: true })).toBeVisible();

  // Relinquish one, confirmed: the device lets go of priority 8 and the grid says who did it.
  await row.getByRole('button', { name: /^Relinquish / }).click();
  await expect(page.getByText(/^Relinquish priority 8 of /)).toBeVisible();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Relinquish' }).click();
  await expect(page.getByText(/relinquished$/)).toBeVisible();
  await expect(grid.getByText(/^Relinquished by admin/)).toBeVisible();

  // The next sweep no longer finds it: one override resolved.
  await page.getByRole('button', { name: 'Sweep again' }).click();
  await expect(page.getByText('succeeded', { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('radiogroup', { name: 'Category' }).getByText(`Overridden (${count - 1})`)).toBeVisible();
  await expect(page.getByRole('link', { name: /^[1-9]\d* resolved$/ })).toBeVisible();
});
