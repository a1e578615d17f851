import { expect, test } from '@playwright/test';
import { send } from '../support/api.ts';
import { demoControllerId, demoControllerName, ensureVav, signInAsAdmin } from '../support/demo-controller.ts';

/**
 * The commissioning issues log (docs/issues-log.md): a sweep of the demo controller finds VAV-2-04's zone temperature
 * out of service (apps/bacnet-sim/README.md); the finding becomes an issue from the sweep's grid, and the issue is in
 * Commissioning → Issues.
 */
test('create an issue from a finding of a sweep of the demo controller and see it in the Issues grid', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page, '/home', 60_000);
  const id = await demoControllerId(page);
  await ensureVav(page, id, 4);
  const sweep = await send(page, 'POST', '/api/v2/point-health/sweeps', { syrx_controller_id: id }) as { id: number };

  await page.goto(`/commissioning/point-health/sweeps/${sweep.id}?category=out_of_service`);
  await expect(page.getByRole('heading', { name: `Sweep #${sweep.id}: ${demoControllerName}` })).toBeVisible();
  await expect(page.getByText('succeeded', { exact: true })).toBeVisible({ timeout: 120_000 });
  const grid = page.getByRole('table', { name: 'Findings' });
  const row = grid.locator('tbody tr.ant-table-row').filter({ hasText: 'VAV-2-04' }).first();
  await row.getByRole('checkbox').check();

  await page.getByRole('button', { name: /Create issue/ }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'New issue' });
  await expect(dialog.getByText('Linked to 1 finding, their points, devices and controller')).toBeVisible();
  const title = `Out of service VAV-2-04 (e2e ${Date.now()})`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/commissioning\/issues\/\d+$/);
  await expect(page.getByRole('heading', { name: new RegExp(`^Issue #\\d+: ${title.replace(/[()]/g, '\\$&')}$`) })).toBeVisible();
  await expect(page.getByRole('link', { name: /^out_of_service: .*VAV-2-04.*sweep #\d+$/ })).toBeVisible();

  // Commissioning → Issues: the new issue among the open ones, of the demo controller.
  await page.getByRole('menubar').getByText('Commissioning', { exact: true }).hover();
  await page.getByRole('menu').getByRole('link', { name: 'Issues', exact: true }).click();
  await expect(page).toHaveURL(/\/commissioning\/issues$/);
  const issueRow = page.getByRole('table', { name: 'Issues' }).locator('tbody tr').filter({ hasText: title });
  await expect(issueRow).toBeVisible();
  await expect(issueRow.getByText(demoControllerName)).toBeVisible();
  await expect(issueRow.getByText('Open', { exact: true })).toBeVisible();
});
