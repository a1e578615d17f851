import { type Locator, type Page, expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/demo-controller.ts';

/**
 * Devices and points on the demo building (the server runs with DEMO on: the simulated building and the demo
 * controller's agent run beside it). EMS-1 (instance 1501) has 2000 objects.
 */
const demoControllerName = 'Building A controller';
const ems = { instance: 1501, name: 'EMS-1', points: 2000 };

/** A dialog's own buttons (its title bar has a close icon named Close too). */
const footer = (dialog: Locator) => dialog.locator('.ant-modal-footer');

/** Opens a tree node; the tree ignores clicks while a node opens or closes (its motion), so it tries again. */
async function expandNode(tree: Locator, title: string | RegExp): Promise<void> {
  const node = tree.locator('.ant-tree-treenode', { hasText: title }).first();
  await expect(async () => {
    if ((await node.locator('.ant-tree-switcher_open').count()) === 0) await node.locator('.ant-tree-switcher').click();
    await expect(node.locator('.ant-tree-switcher_open')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

/** Opens the filter of a points grid column. */
async function filterColumn(page: Page, title: string): Promise<void> {
  await page.locator('.ant-table-thead th', { has: page.getByText(title, { exact: true }) }).locator('.ant-table-filter-trigger').click();
}

/** The demo controller's id, asked with the signed-in page's session. */
async function demoControllerId(page: Page): Promise<string> {
  const response = await page.request.get('/api/SyrxControllers?take=1000');
  expect(response.ok()).toBe(true);
  const controllers = (await response.json()) as { id: string; name: string }[];
  const demo = controllers.find((c) => c.name === demoControllerName);
  if (!demo) throw new Error(`No "${demoControllerName}": the server must run with DEMO on (see support/global-setup.ts)`);
  return demo.id;
}

test('discover the demo building, reload EMS-1 points, select points for reporting and read a property', async ({ page }) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page, '/home');
  const id = await demoControllerId(page);
  const area = `/admin/syrx-controllers/${id}`;
  const detail = page.getByRole('region', { name: 'Detail pane' });

  // The live view, once the demo agent is connected.
  await page.goto(`${area}/devices`);
  await expect(detail.getByRole('heading', { name: 'BACnet devices' })).toBeVisible();
  await expect(detail.getByText('Agent connected')).toBeVisible({ timeout: 60_000 });

  // Discover: the devices arrive one by one, then the new ones are submitted.
  await detail.getByRole('button', { name: 'Discover devices' }).click();
  const dialog = page.getByRole('dialog', { name: /Discover devices/ });
  await expect(dialog.getByTestId('dialog-phase')).toHaveText('Running');
  await expect(footer(dialog).getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(dialog.getByRole('cell', { name: String(ems.instance), exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('dialog-phase')).toHaveText('Ready for submit', { timeout: 60_000 });
  const submit = footer(dialog).getByRole('button', { name: 'Submit' });
  if (await submit.isEnabled()) {
    await submit.click();
    await expect(dialog.getByTestId('dialog-phase')).toHaveText('Done', { timeout: 30_000 });
    await expect(dialog.getByRole('log')).toContainText('added');
    await footer(dialog).getByRole('button', { name: 'Close' }).click();
  } else {
    // A retry finds every device already added.
    await footer(dialog).getByRole('button', { name: 'Cancel' }).click();
  }

  // The server reads the new devices' properties in the background; the live view shows EMS-1 by name.
  await expect(detail.getByRole('link', { name: ems.name, exact: true })).toBeVisible({ timeout: 60_000 });
  await detail.getByRole('link', { name: ems.name, exact: true }).click();
  await expect(detail.getByRole('heading', { name: ems.name })).toBeVisible();
  // Its address as discovered (the demo building's loopback range is the test setup's choice).
  const macCell = detail.getByRole('row', { name: /^MAC address/ }).getByRole('cell');
  await expect(macCell).toHaveText(/^127\.\d+\.\d+\.\d+:47808 \[0\]$/);
  const mac = ((await macCell.textContent()) ?? '').replace(' [0]', '');

  // Reload points of EMS-1 through the dialog: read by the agent and staged on the server, reviewed, then completed.
  await expect(detail.getByRole('button', { name: 'Reload points' })).toBeEnabled({ timeout: 30_000 });
  await detail.getByRole('button', { name: 'Reload points' }).click();
  const reload = page.getByRole('dialog', { name: /Reload points/ });
  await expect(reload.getByTestId('dialog-phase')).toHaveText('Ready for submit', { timeout: 120_000 });
  await expect(reload.getByText(`${ems.points} points were read`, { exact: true })).toBeVisible();
  await footer(reload).getByRole('button', { name: 'Submit' }).click();
  await expect(reload.getByTestId('dialog-phase')).toHaveText('Done', { timeout: 60_000 });
  await expect(reload.getByRole('log')).toContainText(`Saved ${ems.points} points`);
  await footer(reload).getByRole('button', { name: 'Close' }).click();

  // Its points grid: 2000 points, all on one virtualised page of 2000.
  await detail.getByRole('button', { name: 'Points', exact: true }).click();
  await expect(page).toHaveURL(/\/devices\/\d+\/points$/);
  await expect(detail.getByText(`1-100 of ${ems.points} points`)).toBeVisible();
  await detail.locator('.ant-pagination-options .ant-select').click();
  await page.getByTitle('2000 / page').click();
  await expect(detail.getByText(`1-${ems.points} of ${ems.points} points`)).toBeVisible({ timeout: 30_000 });
  // The footer shows the new page size at once, before the 2000 rows have arrived: scroll again until the last ones show.
  await expect(async () => {
    await detail.locator('.ant-table-tbody-virtual-holder').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(detail.getByText('CKT-399 Power Factor').first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  // Filter by name on the server, select the point for reporting and for the point-reporting link.
  await filterColumn(page, 'Name');
  await page.getByLabel('Filter Name').fill('CKT-001 Demand');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(detail.getByText('1-1 of 1 points')).toBeVisible();
  const selectForReporting = detail.getByRole('checkbox', { name: 'Select OBJECT_ANALOG_INPUT:1001 for reporting' });
  // The grid shows the new state once the server answered: click, then wait for it (check() looks at once).
  await selectForReporting.click();
  await expect(selectForReporting).toBeChecked();
  await detail.locator('.ant-table-row', { hasText: 'CKT-001 Demand' }).locator('.ant-table-selection-column input').check();
  const link = detail.getByRole('link', { name: 'Point reporting for 1 selected point' });
  const href = (await link.getAttribute('href')) ?? '';
  expect(href.startsWith('/point-reporting?')).toBe(true);
  expect(new URLSearchParams(href.split('?')[1]).get('syrxControllerBacnetPointIds')).toMatch(new RegExp(`^\\d+,${demoControllerName},${ems.name},CKT-001 Demand$`));

  // The selection was saved: after a reload, the "Selected for reporting" filter finds that point checked.
  await page.reload();
  await expect(detail.getByText(`1-100 of ${ems.points} points`)).toBeVisible({ timeout: 30_000 });
  await filterColumn(page, 'Selected for reporting');
  await page.locator('.ant-table-filter-dropdown').getByText('Yes', { exact: true }).click();
  await page.locator('.ant-table-filter-dropdown').getByRole('button', { name: 'OK' }).click();
  await expect(detail.getByText('1-1 of 1 points')).toBeVisible();
  await expect(detail.getByRole('checkbox', { name: 'Select OBJECT_ANALOG_INPUT:1001 for reporting' })).toBeChecked();

  // The query console reads EMS-1's object name, then a point picked from the tree.
  await page.goto(`${area}/services/Syrx.Services.BacnetNetworkQueryService`);
  const consoleCard = detail.locator('.ant-card', { hasText: 'Query console' });
  await expect(consoleCard.getByText('Agent connected')).toBeVisible({ timeout: 60_000 });
  await consoleCard.getByLabel('MAC address', { exact: true }).fill(mac);
  await consoleCard.getByLabel('Network', { exact: true }).fill('0');
  await consoleCard.getByLabel('Instance number').fill(String(ems.instance));
  await consoleCard.getByRole('button', { name: 'Read property' }).click();
  const log = consoleCard.getByRole('log', { name: 'Query log' });
  await expect(log).toContainText(`OBJECT_DEVICE:${ems.instance} OBJECT_NAME at ${mac} [0] = ${ems.name}`, { timeout: 30_000 });

  await consoleCard.getByRole('button', { name: 'Pick a point' }).click();
  const picker = page.getByRole('dialog', { name: 'Pick a point' });
  await expect(picker.getByText(`${ems.name} (${ems.instance})`)).toBeVisible();
  await expandNode(picker, `${ems.name} (${ems.instance})`);
  await expandNode(picker, /^OBJECT_ANALOG_INPUT \(\d+\)$/);
  await expandNode(picker, '[1 - 20]');
  await picker.getByText('OBJECT_ANALOG_INPUT:1001 CKT-001 Demand').click();
  await expect(picker).toBeHidden();
  await consoleCard.getByRole('button', { name: 'Read property' }).click();
  await expect(log).toContainText(`OBJECT_ANALOG_INPUT:1001 OBJECT_NAME at ${mac} [0] = CKT-001 Demand`, { timeout: 30_000 });
});
