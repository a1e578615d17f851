import { type Browser, type Page, expect, test } from '@playwright/test';
import { send } from '../support/api.ts';
import { signInAsAdmin } from '../support/demo-controller.ts';
import { waitForMailTo } from '../support/mailbox.ts';

/**
 * Users (issue 21): an administrator brings a colleague in without leaving the browser (invite into a subgroup with a
 * role, the e-mailed link, a password, the group's controllers), and switches a user off.
 */
const password = 'violet tractor under seven moons';
// A retry runs against the same server: each attempt invites its own address.
const address = (name: string) => `${name}.${Date.now().toString(36)}@example.com`;

/** The path of the newest link of this kind mailed to the address. */
async function mailedPath(email: string, kind: 'set-password'): Promise<string> {
  const link = (await waitForMailTo(email, 15_000)).match(new RegExp(`https?://\\S+/${kind}/[A-Za-z0-9_-]+`))?.[0];
  expect(link, `a ${kind} link mailed to ${email}`).toBeTruthy();
  return new URL(link ?? '').pathname;
}

/** A browser of the colleague's own (the administrator stays signed in in the first). */
async function ownBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  return context.newPage();
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('an administrator invites a colleague into a subgroup with a role; the mailed link sets their password and they see the group’s controllers', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = address('lee.park');
  const roleName = `E2E viewers ${Date.now().toString(36)}`;
  await signInAsAdmin(page, '/home');
  await send(page, 'POST', '/api/v2/roles', { name: roleName, permissions: ['group_data_view'] });

  await page.getByRole('menubar').getByText('Admin', { exact: true }).hover();
  await page.getByRole('menu').getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('link', { name: 'Administrator' })).toBeVisible();
  await page.getByRole('button', { name: /Invite user/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('First name').fill('Lee');
  await dialog.getByLabel('Last name').fill('Park');
  // The group tree loads a level at a time: Root, Harbor Office Park, then its Building A.
  await dialog.getByRole('combobox', { name: 'Groups' }).click();
  const tree = page.locator('.ant-select-tree');
  for (const parent of ['Root', 'Harbor Office Park']) {
    await tree.locator('.ant-select-tree-treenode').filter({ has: page.getByTitle(parent, { exact: true }) }).locator('.ant-select-tree-switcher').click();
  }
  await tree.getByTitle('Building A', { exact: true }).click();
  await dialog.getByText('Invite user', { exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByTitle(roleName, { exact: true }).click();
  await dialog.getByText('Invite user', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ has: page.getByRole('link', { name: 'Lee Park' }) });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Building A');
  await expect(row).toContainText(roleName);

  const lee = await ownBrowser(browser);
  await lee.goto(await mailedPath(email, 'set-password'));
  await expect(lee.getByText('Choose your password')).toBeVisible();
  await lee.getByLabel('New password').fill(password);
  await lee.getByLabel('Confirm password').fill(password);
  await lee.getByRole('button', { name: 'Set password' }).click();
  await expect(lee.getByText('Your password has been set. Sign in with it.')).toBeVisible();
  await lee.getByRole('link', { name: 'Go to the login page' }).click();
  await signIn(lee, email);
  await expect(lee).toHaveURL(/\/home$/);
  await expect(lee.getByTestId('current-group-name')).toHaveText('Building A');
  await lee.goto('/admin/syrx-controllers');
  await expect(lee.getByText('Building A - Building A controller')).toBeVisible();

  // The link was for one use only.
  const used = await lee.context().newPage();
  await used.goto(await mailedPath(email, 'set-password'));
  await used.getByLabel('New password').fill(password);
  await used.getByLabel('Confirm password').fill(password);
  await used.getByRole('button', { name: 'Set password' }).click();
  await expect(used.getByRole('alert')).toContainText('This link has already been used.');
  await lee.context().close();
});

test('an administrator deactivates a user: their open page loses its session and their sign-in is refused', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = address('sam.ruiz');
  await signInAsAdmin(page, '/home');
  const me = (await (await page.request.get('/api/Login')).json()) as { commissioning_group: { id: number } };
  await send(page, 'POST', '/api/v2/users', { email, first_name: 'Sam', last_name: 'Ruiz', group_ids: [me.commissioning_group.id] });
  const sam = await ownBrowser(browser);
  await sam.goto(await mailedPath(email, 'set-password'));
  await sam.getByLabel('New password').fill(password);
  await sam.getByLabel('Confirm password').fill(password);
  await sam.getByRole('button', { name: 'Set password' }).click();
  await expect(sam.getByText('Your password has been set. Sign in with it.')).toBeVisible();
  await signIn(sam, email);
  await expect(sam).toHaveURL(/\/home$/);

  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('searchbox', { name: 'E-mail' }).press('Enter');
  await page.getByRole('table', { name: 'Users' }).getByRole('link', { name: 'Sam Ruiz' }).click();
  await expect(page.getByRole('heading', { name: 'User: Sam Ruiz' })).toBeVisible();
  await page.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Deactivate Sam Ruiz?');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Sam Ruiz was deactivated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate' })).toBeVisible();

  await sam.reload();
  await expect(sam).toHaveURL(/\/login/);
  await signIn(sam, email);
  await expect(sam.getByRole('alert')).toHaveText('This account has been deactivated. Ask your administrator to reactivate it.');
  await sam.context().close();
});
