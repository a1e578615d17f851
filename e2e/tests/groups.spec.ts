import { type Locator, type Page, expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/demo-controller.ts';

/**
 * Group administration (issue 21; docs/permissions.md): an administrator creates subgroups from the group tree, moves
 * one under another with the parent picker and sees it there in the tree; a group something hangs on is not deleted.
 */
const suffix = Date.now().toString(36);
const wing = `E2E wing ${suffix}`;
const annex = `E2E annex ${suffix}`;

const groupTree = (page: Page) => page.getByRole('tree', { name: 'Group tree' });
/** A node of the group tree, or of the parent picker's ('ant-select-tree'). */
const treeNode = (scope: Locator, name: string, tree = 'ant-tree') => scope.locator(`.${tree}-treenode`).filter({ hasText: new RegExp(`^${name}$`) });

async function newSubgroup(page: Page, parent: string, name: string): Promise<void> {
  await groupTree(page).getByText(parent, { exact: true }).click();
  await expect(page.getByRole('heading', { name: `Group: ${parent}` })).toBeVisible();
  await page.getByRole('button', { name: /New subgroup/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`New subgroup of ${parent}`)).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `Group: ${name}` })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/groups\/\d+$/);
}

test('an administrator creates subgroups, moves one under another with the parent picker and sees it moved in the tree', async ({ page }) => {
  await signInAsAdmin(page, '/home');
  await page.getByRole('menubar').getByText('Admin', { exact: true }).hover();
  await page.getByRole('menu').getByRole('link', { name: 'Groups', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/groups$/);
  await expect(page.getByRole('heading', { name: 'Groups', exact: true })).toBeVisible();

  await newSubgroup(page, 'Root', wing);
  await newSubgroup(page, 'Root', annex);
  // Both are children of Root in the tree: one level down.
  await expect(treeNode(groupTree(page), annex).locator('.ant-tree-indent-unit')).toHaveCount(1);

  // The annex's page: move it under the wing with the parent picker (the annex itself is not offered).
  await page.getByRole('combobox', { name: 'Parent group' }).click();
  const picker = page.locator('.ant-select-tree');
  await treeNode(picker, 'Root', 'ant-select-tree').locator('.ant-select-tree-switcher').click();
  await expect(picker.getByText(annex, { exact: true })).toHaveCount(0);
  await picker.getByText(wing, { exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`The group "${annex}" was saved`)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Groups above' })).toContainText(wing);

  // In the tree it is under the wing now (two levels down), and after a reload too.
  await expect(treeNode(groupTree(page), annex).locator('.ant-tree-indent-unit')).toHaveCount(2);
  await page.reload();
  await expect(treeNode(groupTree(page), annex).locator('.ant-tree-indent-unit')).toHaveCount(2);
  await expect(treeNode(groupTree(page), wing)).toHaveCount(1);

  // The wing cannot go while the annex hangs on it; the annex, then the wing, can.
  await groupTree(page).getByText(wing, { exact: true }).click();
  await page.getByRole('button', { name: /Delete/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText(`The group "${wing}" cannot be deleted: it still has 1 subgroup.`);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  for (const name of [annex, wing]) {
    await groupTree(page).getByText(name, { exact: true }).click();
    await expect(page.getByRole('heading', { name: `Group: ${name}` })).toBeVisible();
    await page.getByRole('button', { name: /Delete/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`The group "${name}" was deleted`)).toBeVisible();
  }
  await expect(groupTree(page).getByText(wing, { exact: true })).toHaveCount(0);
});
