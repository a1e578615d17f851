import { type Locator, type Page, expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/demo-controller.ts';

/**
 * Moving vendor point data and following the job it queues, on the demo data the server seeds (vendors invensys, UC,
 * JCI and Siemens, two PCS sites): drag a vendor point onto another in the wizard, submit, watch the move finish in
 * the list, then find it among the jobs and open its log tree. See docs/data-moves.md and docs/jobs.md.
 */
test.describe.configure({ mode: 'serial' });

const patient = { timeout: 90_000, intervals: [1000, 2000, 5000] };

interface TreeEntry {
  value: string;
  vendor_point_id: number | null;
  path: string;
}

/**
 * Two leaves on the first page of one id_field_1 of a two-level vendor (JCI or Siemens), found with the page's session,
 * and how many leaves that id_field_1 has (over 20, the tree shows them in page groups).
 */
async function twoVendorPoints(page: Page): Promise<{ vendor: string; idField1: string; count: number; from: TreeEntry; to: TreeEntry }> {
  const get = async <T>(url: string): Promise<T> => {
    const response = await page.request.get(url);
    expect(response.ok(), `GET ${url}: ${response.status()}`).toBe(true);
    return (await response.json()) as T;
  };
  const vendors = await get<string[]>('/api/v2/vendor_points/vendors');
  for (const vendor of vendors.filter((v) => v !== 'invensys' && v !== 'UC')) {
    const base = `/api/v2/vendor_points/vendors/${encodeURIComponent(vendor)}/id_field_1`;
    for (const a of await get<TreeEntry[]>(`${base}?skip=0&take=20`)) {
      const level = `${base}/${encodeURIComponent(a.value)}/id_field_2`;
      const [from, to] = (await get<TreeEntry[]>(`${level}?skip=0&take=20`)).filter((l) => l.vendor_point_id !== null);
      if (from && to) return { vendor, idField1: a.value, count: (await get<{ count: number }>(`${level}/count`)).count, from, to };
    }
  }
  throw new Error(`No two-level vendor with two points under one id_field_1 among ${vendors.join(', ')}: the server must seed the demo points`);
}

/** A tree node's title, matched whole (a point's title may end with its record count). */
const titled = (tree: Locator, title: string) => tree.locator('.ant-tree-treenode').filter({ has: tree.page().getByText(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(\\d+ records\\))?$`)) });

async function openNode(tree: Locator, title: string): Promise<void> {
  const node = titled(tree, title);
  await expect(node).toBeVisible();
  await node.locator('.ant-tree-switcher').click();
}

test('a vendor point dragged onto another is moved by a job whose logs open as a tree', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page, '/admin/move-vendor-point-data');
  await expect(page.getByRole('heading', { name: 'Move vendor point data' })).toBeVisible();
  const { vendor, idField1, count, from, to } = await twoVendorPoints(page);

  await page.getByRole('button', { name: /New/ }).click();
  await expect(page).toHaveURL(/\/admin\/move-vendor-point-data\/new$/);
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();

  const source = page.getByRole('region', { name: 'Source' });
  const destination = page.getByRole('region', { name: 'Destination' });
  for (const tree of [source, destination]) {
    await openNode(tree, vendor);
    await openNode(tree, idField1);
    // More than 20 points: a page-group list, [1 - 20] first.
    if (count > 20) {
      await expect(titled(tree, `[21 - ${Math.min(count, 40)}]`)).toBeVisible();
      await openNode(tree, '[1 - 20]');
    }
  }
  const fromLeaf = titled(source, from.value).locator('[draggable="true"]');
  const toLeaf = titled(destination, to.value).locator('[data-point-key]');
  await fromLeaf.dragTo(toLeaf);

  const entry = page.getByRole('group', { name: `Move ${from.path} to ${to.path}` });
  await expect(entry).toBeVisible();
  await expect(entry.getByRole('checkbox', { name: 'All records' })).toBeChecked();
  await expect(entry.getByRole('checkbox', { name: 'Remap equipment points' })).toBeChecked();
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page).toHaveURL(/\/admin\/move-vendor-point-data$/);
  const row = page.getByRole('table', { name: 'Move jobs' }).locator('.ant-table-row', { hasText: from.path }).first();
  await expect(row).toBeVisible();
  await expect(row.locator('.ant-tag')).toHaveText('succeeded', { timeout: patient.timeout });
  const jobId = /\d+/.exec((await row.getByRole('link', { name: /^Logs of job \d+$/ }).getAttribute('aria-label')) ?? '')?.[0] ?? '';
  expect(jobId).not.toBe('');

  await page.goto('/admin/jobs');
  const jobs = page.getByRole('table', { name: 'Jobs' });
  const jobRow = jobs.locator('.ant-table-row', { has: page.getByRole('link', { name: `Logs of job ${jobId}`, exact: true }) });
  await expect(jobRow).toContainText('Move vendor point data');
  await expect(jobRow).toContainText('succeeded');
  await expect(jobRow).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [ap]m/);
  await jobRow.locator('.ant-table-row-expand-icon').click();
  const children = page.getByRole('table', { name: `Child jobs of job ${jobId}` });
  await expect(children.locator('.ant-table-row')).toHaveCount(2);
  await expect(children).toContainText('Copy records');
  await expect(children).toContainText('Remap equipment points');

  await jobRow.getByRole('link', { name: `Logs of job ${jobId}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/jobs/${jobId}/logs$`));
  await expect(page.getByRole('heading', { name: `Job ${jobId}` })).toBeVisible();
  const tree = page.getByRole('tree', { name: 'Job logs' });
  const openable = tree.locator('.ant-tree-treenode').filter({ has: page.locator('.ant-tree-switcher_close') });
  await expect(openable.first()).toBeVisible();
  const before = await tree.locator('.ant-tree-treenode').count();
  await openable.first().locator('.ant-tree-switcher').click();
  await expect.poll(() => tree.locator('.ant-tree-treenode').count()).toBeGreaterThan(before);
  await expect(tree.locator('.ant-tag').first()).toHaveText(/^(TRACE|DEBUG|INFO|WARN|ERROR)$/);
});

test('a PCS points CSV is imported as a job whose logs are one click away', async ({ page }) => {
  await signInAsAdmin(page, '/report-data/import');
  const card = page.getByRole('region', { name: 'PCS points CSV' });
  await expect(card).toContainText('site_name,device_name,point_name,timestamp,value');
  await card.locator('input[type="file"]').setInputFiles({
    name: 'e2e-pcs-points.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('site_name,device_name,point_name,timestamp,value\nE2E site,E2E device,E2E point,2025-03-07T14:00:00Z,21.5\n'),
  });
  await card.getByRole('button', { name: 'Import' }).click();
  await expect(card.getByText(/^Import queued as job \d+$/)).toBeVisible();
  await card.getByRole('link', { name: /^View the logs of job \d+$/ }).click();
  await expect(page).toHaveURL(/\/admin\/jobs\/\d+\/logs$/);
  await expect(page.getByRole('region', { name: 'Job' })).toContainText('Import PCS points');
  await expect(page.getByRole('region', { name: 'Job' }).locator('.ant-tag').first()).toHaveText('succeeded', { timeout: patient.timeout });
});
