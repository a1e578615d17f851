import { type Page, expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/demo-controller.ts';

/**
 * Building meter accounts of the administrator's current group (the root group): add one with its starting size and
 * cost, see its card, add a size and a price history entry in the modal, edit it, and delete it (spec 02 sections 2–5).
 */
test.describe.configure({ mode: 'serial' });

/** Picks an option of an antd select by typing part of it. */
async function choose(page: Page, label: string, typed: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('combobox', { name: label }).fill(typed);
  await page.locator('.ant-select-item-option').filter({ hasText: option }).click();
}

test('an account is added, its history grows in the modal, and it is edited and deleted', async ({ page }) => {
  const name = `Harbor office ${Date.now().toString(36)}`;
  await signInAsAdmin(page, '/admin/groups/accounts');
  await expect(page.getByRole('heading', { name: 'Building meter accounts' })).toBeVisible();

  await page.getByRole('button', { name: 'New account' }).click();
  await expect(page).toHaveURL(/\/admin\/groups\/accounts\/editor$/);
  const add = page.getByRole('button', { name: 'Save' });
  await add.click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Choose a weather station')).toBeVisible();

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Account number').fill('4410-22');
  await page.getByText('Electric', { exact: true }).click();
  await choose(page, 'Weather station', 'KBOS', 'KBOS – Boston, MA – Logan International');
  // The station's time zone fills the empty time zone.
  await expect(page.locator('.ant-form-item').filter({ hasText: 'Time zone' }).locator('.ant-select')).toContainText('America/New_York');
  await page.getByLabel('Building square footage (sqft)').fill('12500');
  await page.getByLabel('Utility cost per unit ($/kWh)').fill('0.145');
  await add.click();
  await expect(page.getByText('Enter a cost in steps of 0.01')).toBeVisible();
  await page.getByLabel('Utility cost per unit ($/kWh)').fill('0.14');
  await add.click();

  await expect(page).toHaveURL(/\/admin\/groups\/accounts$/);
  const card = page.getByRole('article', { name });
  await expect(card).toContainText('4410-22');
  await expect(card).toContainText('KBOS – Boston, MA – Logan International');
  await expect(card).toContainText('America/New_York');
  await expect(card).toContainText('12,500 sqft');
  await expect(card).toContainText('$0.14/kWh');

  await card.getByRole('button', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: `History of ${name}` });
  await expect(dialog).toBeVisible();
  const sizeForm = dialog.getByRole('form', { name: 'Add a building size entry' });
  await sizeForm.getByLabel('Effective date').fill('2024-01-15');
  await sizeForm.getByLabel('Size (sqft)').fill('13000');
  await sizeForm.getByLabel('Note').fill('East wing opened');
  await sizeForm.getByRole('button', { name: 'Add size entry' }).click();
  const sizes = dialog.getByRole('table', { name: 'Building size entries' });
  await expect(sizes.getByRole('row').filter({ hasText: '01/15/2024' })).toContainText('13,000 sqft');
  await expect(sizes).toContainText('East wing opened');

  const priceForm = dialog.getByRole('form', { name: 'Add a utility cost entry' });
  await priceForm.getByRole('button', { name: 'Add price entry' }).click();
  await expect(priceForm.getByText('Enter the effective date as YYYY-MM-DD')).toBeVisible();
  await priceForm.getByLabel('Effective date').fill('2024-06-01');
  await priceForm.getByLabel('Cost ($/kWh)').fill('0.16');
  await priceForm.getByRole('button', { name: 'Add price entry' }).click();
  await expect(dialog.getByRole('table', { name: 'Utility cost entries' }).getByRole('row').filter({ hasText: '06/01/2024' })).toContainText('$0.16/kWh');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  // The card shows what is in force today.
  await expect(card).toContainText('13,000 sqft');
  await expect(card).toContainText('$0.16/kWh');

  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/admin\/groups\/accounts\/editor\/\d+$/);
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByLabel('Building square footage (sqft)')).toHaveCount(0);
  await page.getByLabel('Name').fill(`${name} (north)`);
  await page.getByText('Gas', { exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/groups\/accounts$/);
  const edited = page.getByRole('article', { name: `${name} (north)` });
  await expect(edited).toContainText('Gas');
  await expect(edited).toContainText('13,000 sqft');

  // It was stored: a reload shows it, then it is deleted after confirmation.
  await page.reload();
  await edited.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: `Delete the account ${name} (north)?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/admin\/groups\/accounts$/);
  await expect(page.getByRole('heading', { name: 'Building meter accounts' })).toBeVisible();
  await expect(edited).toHaveCount(0);
});
