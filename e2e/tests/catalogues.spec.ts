import { type Page, expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/demo-controller.ts';

/**
 * The Admin catalogues (docs/catalogues.md): an administrator adds a utility company and a contact category from the
 * Admin menu, then gives a contact of the current group that category; a category in use cannot be deleted.
 */
test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36);

async function openFromAdminMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('menubar').getByText('Admin', { exact: true }).hover();
  await page.getByRole('menu').getByRole('link', { name: item, exact: true }).click();
  await expect(page.getByRole('heading', { name: item })).toBeVisible();
}

test('an administrator adds a utility company and a contact category, and picks that category on a contact', async ({ page }) => {
  const company = `Harbor Electric ${suffix}`;
  const category = `Controls contractor ${suffix}`;
  const last = `Okafor ${suffix}`;
  await signInAsAdmin(page, '/home');

  await openFromAdminMenu(page, 'Utility companies');
  await page.getByRole('button', { name: /New utility company/ }).click();
  const companyDialog = page.getByRole('dialog', { name: 'New utility company' });
  await companyDialog.getByLabel('Name').fill(company);
  await companyDialog.getByLabel('Service').click();
  await page.getByTitle('electric', { exact: true }).click();
  await companyDialog.getByLabel('Website').fill('harbor-electric');
  await companyDialog.getByRole('button', { name: 'Save' }).click();
  await expect(companyDialog.getByText('Enter a web address starting with http:// or https://')).toBeVisible();
  await companyDialog.getByLabel('Website').fill('https://harbor-electric.example.com');
  await companyDialog.getByRole('button', { name: 'Save' }).click();
  await expect(companyDialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Name' }).fill(suffix);
  await page.getByRole('searchbox', { name: 'Name' }).press('Enter');
  await expect(page.getByRole('table', { name: 'Utility companies' }).getByRole('row').filter({ hasText: company })).toContainText('electric');

  await openFromAdminMenu(page, 'Contact categories');
  // The starting set is there.
  await expect(page.getByRole('table', { name: 'Contact categories' }).getByText('Owner', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /New contact category/ }).click();
  const categoryDialog = page.getByRole('dialog', { name: 'New contact category' });
  await categoryDialog.getByLabel('Name').fill(category);
  await categoryDialog.getByRole('button', { name: 'Save' }).click();
  await expect(categoryDialog).toBeHidden();

  // A contact of the current group gets the category, and the contacts list shows it.
  await page.goto('/commissioning/contacts');
  await page.getByRole('button', { name: 'New contact' }).click();
  const contactDialog = page.getByRole('dialog', { name: 'Add Contact' });
  await contactDialog.getByLabel('First Name').fill('Ada');
  await contactDialog.getByLabel('Last Name').fill(last);
  await contactDialog.getByLabel('Category').click();
  await page.getByTitle(category, { exact: true }).click();
  await contactDialog.getByRole('button', { name: 'Save' }).click();
  await expect(contactDialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Contacts' }).getByRole('row').filter({ hasText: last })).toContainText(category);

  // Now in use: the category cannot be deleted, and the dialog says why.
  await page.goto('/admin/contact-categories');
  await page.getByRole('searchbox', { name: 'Name' }).fill(suffix);
  await page.getByRole('searchbox', { name: 'Name' }).press('Enter');
  const row = page.getByRole('table', { name: 'Contact categories' }).getByRole('row').filter({ hasText: category });
  await expect(row).toContainText('1');
  await row.getByRole('button', { name: `Delete ${category}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByText(`The contact category "${category}" cannot be deleted: 1 contact uses it.`)).toBeVisible();
});
