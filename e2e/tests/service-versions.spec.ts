import { createHash, randomBytes } from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/demo-controller.ts';

/**
 * The service and version manager on the real server: publish a package from the browser, make it version 1.0.0,
 * lock it, and see that a locked version only shows its info dialog and that a second 1.0.0 is refused with the
 * specification's 409 message. See docs/service-versions.md.
 */
test.describe.configure({ mode: 'serial' });

const list = '/admin/syrx-controller-services';

/** A service type without a 1.0.0 yet (a retry of this test finds the first one taken). */
async function serviceWithout100(page: Page): Promise<string> {
  const response = await page.request.get('/api/v2/syrx-controller-service-types');
  expect(response.ok()).toBe(true);
  const types = (await response.json()) as { id: string; syrx_controller_service_versions: { version_name: string }[] }[];
  const free = types.find((t) => t.id !== 'Syrx.UpdaterService' && !t.syrx_controller_service_versions.some((v) => v.version_name === '1.0.0'));
  if (!free) throw new Error('every service type already has a version 1.0.0');
  return free.id;
}

async function newVersion(page: Page, serviceId: string, revision: string): Promise<void> {
  await page.getByRole('region', { name: serviceId }).getByRole('button', { name: /New version/ }).click();
  await expect(page).toHaveURL(`/admin/syrx-controller-service-versions/new?serviceId=${serviceId}`);
  await expect(page.getByRole('combobox', { name: 'Service' }).locator('xpath=ancestor::*[contains(@class,"ant-select")][1]')).toContainText(serviceId);
  await page.getByRole('textbox', { name: 'Version' }).fill('1.0.0');
  await page.getByRole('combobox', { name: 'Artifact' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: revision }).click();
  await page.getByRole('button', { name: 'Save' }).click();
}

test('a package uploaded in the browser becomes version 1.0.0, which once locked shows only its info dialog', async ({ page }) => {
  await signInAsAdmin(page, list);
  await expect(page.getByRole('heading', { name: 'Syrx controller services' })).toBeVisible();
  const serviceId = await serviceWithout100(page);
  const card = page.getByRole('region', { name: serviceId });
  const revision = `e2e${Date.now().toString(16)}`;
  const content = randomBytes(300 * 1024);

  await card.getByRole('button', { name: /Upload artifact/ }).click();
  const upload = page.getByRole('dialog', { name: 'Upload artifact' });
  await upload.locator('input[type=file]').setInputFiles({ name: 'service-1.0.0.tar.gz', mimeType: 'application/gzip', buffer: content });
  await expect(upload.getByText('service-1.0.0.tar.gz (300 KB)')).toBeVisible();
  await upload.getByLabel('Git revision').fill(revision);
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText(new RegExp(`Artifact #\\d+ of ${serviceId.replace(/\./g, '\\.')} was published`))).toBeVisible();
  await expect(upload).toBeHidden();

  await newVersion(page, serviceId, revision);
  await expect(page).toHaveURL(list);
  const row = card.getByRole('row').filter({ has: page.getByRole('link', { name: '1.0.0', exact: true }) });
  await expect(row).toContainText(revision);
  await expect(row).toContainText('No');

  // What the agent's updater will download: the same bytes, with their sha256 in a header.
  const versionResponse = await page.request.get(`/api/v2/syrx-controller-service-types/${serviceId}/versions/1.0.0`);
  const version = (await versionResponse.json()) as { syrx_controller_service_artifact_id: number; artifact: { sha256: string } };
  const sha256 = createHash('sha256').update(content).digest('hex');
  expect(version.artifact.sha256).toBe(sha256);
  const download = await page.request.get(`/api/v2/syrx-controller-service-types/${serviceId}/artifacts/${version.syrx_controller_service_artifact_id}/package`);
  expect(download.headers()['x-artifact-sha256']).toBe(sha256);
  expect(Buffer.compare(await download.body(), content)).toBe(0);

  await row.getByRole('link', { name: '1.0.0', exact: true }).click();
  await expect(page).toHaveURL(`/admin/syrx-controller-services/${serviceId}/versions/1.0.0`);
  await expect(page.getByRole('textbox', { name: 'Service' })).toHaveValue(serviceId);
  await expect(page.getByRole('textbox', { name: 'Version' })).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Locked' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(list);
  await expect(row).toContainText('Locked');

  await row.getByRole('link', { name: '1.0.0', exact: true }).click();
  const locked = page.getByRole('dialog', { name: 'Version locked' });
  await expect(locked).toContainText(`Version 1.0.0 of ${serviceId} is locked. A locked version can be neither edited nor deleted.`);
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await locked.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(list);

  // A second 1.0.0 of the same service: the server's 409 as the specification words it.
  await newVersion(page, serviceId, revision);
  await expect(page.getByText('The specified version already exists for this service')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/syrx-controller-service-versions\/new/);
});
