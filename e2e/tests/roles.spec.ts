import { type Locator, type Page, expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/demo-controller.ts';

/**
 * Roles and group roles (spec 02; docs/permissions.md): create a role with permissions, find it in the grid, edit it,
 * give it to a user and delete it; create a group role with group permissions of the server's catalogue.
 */
test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36);
const checkbox = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('checkbox', { name, exact: typeof name === 'string' });

test('a role with permissions is created, found in the grid, edited, given to a user and deleted', async ({ page }) => {
  const name = `E2E auditors ${suffix}`;
  await signInAsAdmin(page, '/home');
  await page.getByRole('menubar').getByText('Admin', { exact: true }).hover();
  // The menu's own item: the home page lists the same links.
  await page.getByRole('menu').getByRole('link', { name: 'Roles', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Roles' }).getByRole('link', { name: 'Administrator', exact: true })).toBeVisible();

  await page.getByRole('button', { name: /New role/ }).click();
  await expect(page).toHaveURL(/\/admin\/roles\/new$/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Required', { exact: true })).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill(name);
  await checkbox(page.getByRole('group', { name: 'Admin' }), 'View the audit log').check();
  await checkbox(page.getByRole('group', { name: 'Report data' }), 'View group data').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/roles\/\d+$/);
  await expect(page.getByRole('heading', { name: `Role: ${name}` })).toBeVisible();
  const editorUrl = page.url();

  // In the grid: filtered by name, with two permissions.
  await page.goto('/admin/roles');
  await page.getByRole('searchbox', { name: 'Name' }).fill(suffix);
  await page.getByRole('searchbox', { name: 'Name' }).press('Enter');
  const grid = page.getByRole('table', { name: 'Roles' });
  const row = grid.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row).toContainText('2 of');
  await expect(grid.getByRole('link', { name: 'Administrator', exact: true })).toHaveCount(0);
  await row.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(editorUrl);

  // Edit: rename, swap a permission; the saved role reads back the same after a reload.
  await checkbox(page, 'View group data').uncheck();
  await checkbox(page.getByRole('group', { name: 'Reporting' }), 'View the SIC report').check();
  await page.getByLabel('Name', { exact: true }).fill(`${name} (edited)`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`The role "${name} (edited)" was saved`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: `Role: ${name} (edited)` })).toBeVisible();
  await expect(checkbox(page, 'View the audit log')).toBeChecked();
  await expect(checkbox(page, 'View the SIC report')).toBeChecked();
  await expect(checkbox(page, 'View group data')).not.toBeChecked();

  // Who holds it: the administrator, by username.
  await page.getByRole('textbox', { name: 'Username' }).fill('admin');
  await page.getByRole('button', { name: 'Add user' }).click();
  const holders = page.getByRole('table', { name: `Users with the role ${name} (edited)` });
  await expect(holders.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();

  await page.getByRole('button', { name: /Delete/ }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Are you sure you want to delete the role "${name} (edited)"?`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/admin\/roles$/);
  await page.goto(editorUrl);
  await expect(page.getByText('Role not found')).toBeVisible();
});

test('a group role is created with group permissions of the catalogue and edited', async ({ page }) => {
  const name = `E2E controller managers ${suffix}`;
  await signInAsAdmin(page, '/admin/group-roles');
  await expect(page.getByRole('heading', { name: 'Group roles' })).toBeVisible();
  await page.getByRole('button', { name: /New group role/ }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Required', { exact: true })).toHaveCount(2);

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Manage the controllers of their organization');
  await checkbox(page, /Manage the Syrx controllers of the group/).check();
  await checkbox(page, /View the point data of the group/).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/group-roles\/\d+$/);
  await expect(page.getByRole('heading', { name: `Group role: ${name}` })).toBeVisible();

  await checkbox(page, /View the point data of the group/).uncheck();
  await checkbox(page, /Upload point data for the group/).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`The group role "${name}" was saved`)).toBeVisible();
  await page.reload();
  await expect(checkbox(page, /Manage the Syrx controllers of the group/)).toBeChecked();
  await expect(checkbox(page, /Upload point data for the group/)).toBeChecked();
  await expect(checkbox(page, /View the point data of the group/)).not.toBeChecked();

  await page.goto('/admin/group-roles');
  const row = page.getByRole('table', { name: 'Group roles' }).getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  // By name, each key in its tooltip.
  await expect(row.getByText('Manage the group’s Syrx controllers')).toHaveAttribute('title', 'group_controllers_manage');
  await expect(row.getByText('Upload group data')).toHaveAttribute('title', 'group_data_upload');
  await expect(row).toContainText('Manage the controllers of their organization');
});
