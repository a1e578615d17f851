import { type Locator, type Page, expect, test } from '@playwright/test';
import { demoControllerId, demoControllerName, ensureDevice, ensureReportingService, signInAsAdmin } from '../support/demo-controller.ts';

/**
 * Reporting on the demo building: points of AHU-1 (instance 1101, which supports COV) are selected for reporting,
 * the demo agent collects and uploads their values, the reporting service's page shows their latest values, and its
 * point-reporting link opens the record browser with a chart, the raw records and a CSV export.
 */
const ahu = { instance: 1101, name: 'AHU-1' };
const points = [
  { object: 'OBJECT_ANALOG_INPUT:1', name: 'AHU-1 Supply Air Temp' },
  { object: 'OBJECT_ANALOG_INPUT:4', name: 'AHU-1 Duct Static Pressure' },
  { object: 'OBJECT_BINARY_INPUT:1', name: 'AHU-1 Supply Fan Status' },
];

/** A grid row's cell under a column title (antd's virtual table: header cells and row cells line up by index). */
async function cellUnder(grid: Locator, row: Locator, title: string): Promise<Locator> {
  const titles = await grid.locator('.ant-table-thead th').allTextContents();
  return row.locator('.ant-table-cell').nth(titles.indexOf(title));
}

async function selectForReporting(page: Page, area: string, deviceId: number): Promise<void> {
  const detail = page.getByRole('region', { name: 'Detail pane' });
  await page.goto(`${area}/devices/${deviceId}/points`);
  await expect(detail.getByText(/^1-\d+ of \d+ points$/)).toBeVisible({ timeout: 30_000 });
  for (const p of points) {
    const box = detail.getByRole('checkbox', { name: `Select ${p.object} for reporting` });
    // The optimistic update reaches the checkbox a moment after the click (TanStack Query batches its notifications
    // into a task), so the assertion waits for it rather than check(), which looks at once.
    if (!(await box.isChecked())) await box.click();
    await expect(box).toBeChecked();
  }
}

test('select points for reporting, wait for records, open the record browser from the grid link: chart, table, CSV', async ({ page }) => {
  test.setTimeout(300_000);
  await signInAsAdmin(page, '/home');
  const id = await demoControllerId(page);
  const area = `/admin/syrx-controllers/${id}`;
  await ensureReportingService(page, id);
  await selectForReporting(page, area, await ensureDevice(page, id, ahu.instance));

  // The reporting service's page: its points grid holds the selected points, whose latest values arrive.
  await page.goto(`${area}/services/Syrx.Services.ReportingService`);
  const panel = page.locator('.ant-card', { has: page.getByText('Points', { exact: true }) }).filter({ has: page.locator('.ant-table') });
  for (const p of points) {
    const row = panel.locator('.ant-table-row', { hasText: p.name });
    await expect(row).toBeVisible({ timeout: 30_000 });
    // The panel asks again every 15 s; the agent's first values come from its COV subscriptions.
    await expect(await cellUnder(panel, row, 'Latest value')).toHaveText(/^-?\d+(\.\d+)?$/, { timeout: 150_000 });
    await expect(await cellUnder(panel, row, 'Latest record')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [ap]m$/);
  }
  await expect(page.getByText('Records waiting to be sent')).toBeVisible({ timeout: 60_000 });

  // Select the rows and follow the point-reporting link (no legacy app: our own /point-reporting page).
  for (const p of points) await panel.locator('.ant-table-row', { hasText: p.name }).locator('.ant-table-selection-column input').check();
  const link = panel.getByRole('link', { name: `Point reporting for ${points.length} selected points` });
  expect(new URLSearchParams(((await link.getAttribute('href')) ?? '').split('?')[1]).get('syrxControllerBacnetPointIds')).toContain(`,${demoControllerName},${ahu.name},${points[0]?.name}`);
  await link.click();
  await expect(page).toHaveURL(/\/point-reporting\?syrxControllerBacnetPointIds=/);
  await expect(page.getByRole('heading', { name: 'Point records' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Chosen points' }).getByRole('listitem')).toHaveCount(points.length);

  // The chart: a uPlot canvas with a line per point, and the hover legend naming them.
  const chart = page.getByRole('img', { name: 'Chart of the point records' });
  await expect(chart.locator('canvas')).toBeVisible({ timeout: 30_000 });
  const legend = page.getByRole('group', { name: 'Chart legend' });
  for (const p of points) await expect(legend).toContainText(`${ahu.name} / ${p.name}:`);
  await expect(legend).toContainText('Last values, ');
  const box = await chart.locator('.u-over').boundingBox();
  if (!box) throw new Error('the chart has no plotting area');
  await page.mouse.move(box.x + box.width - 5, box.y + box.height / 2);
  await expect(legend).not.toContainText('Last values, ');
  // Zoom by dragging across, then back.
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.95, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(page.getByRole('button', { name: 'Reset zoom' })).toBeHidden();

  // The table of raw records, oldest first, with their points' names.
  const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Timestamp (UTC)' }) });
  await expect(table.locator('.ant-table-row').first()).toBeVisible();
  await expect(table.locator('.ant-table-row').first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [ap]m/);
  await expect(page.getByText(/^1-\d+ of \d+ records$/)).toBeVisible();

  // CSV export: the same query as a download.
  const csv = await page.request.get((await page.getByRole('link', { name: /Export CSV/ }).getAttribute('href')) ?? '');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  expect((await csv.text()).trim().split('\n').length).toBeGreaterThan(1);
});
