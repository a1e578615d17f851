import { expect, test } from '@playwright/test';
import { send } from '../support/api.ts';
import { e2eAdmin } from '../support/global-setup.ts';
import { signInAsAdmin } from '../support/demo-controller.ts';

test.beforeEach(async ({ page }) => {
  // A retry starts where the first try did: the administrator's current group is Root again, and nobody is signed in.
  const user = (await send(page, 'POST', '/api/Login', { ...e2eAdmin, token: null })) as { id: number };
  const [root] = (await (await page.request.get('/api/v2/groups/getChildrenOf')).json()) as { id: number; name: string }[];
  expect(root?.name).toBe('Root');
  await send(page, 'POST', `/api/Users/${user.id}/CurrentGroup`, { group_id: root?.id });
  await send(page, 'DELETE', '/api/Login');
  await page.context().clearCookies();
});

test('an administrator signs in, sees every menu, changes the current group and signs out', async ({ page }) => {
  await page.goto('/admin/jobs');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fjobs$/);

  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page.getByRole('heading', { name: 'Jobs', exact: true })).toBeVisible();

  const nav = page.getByRole('menubar');
  for (const menu of ['Home', 'Admin', 'Report Data', 'Commissioning', 'Logout']) {
    await expect(nav.getByText(menu, { exact: true })).toBeVisible();
  }
  // Every Reporting item is a legacy screen: without LEGACY_APP_URL the menu is not shown (no dead ends).
  await expect(nav.getByText('Reporting', { exact: true })).toHaveCount(0);
  await nav.getByText('Admin', { exact: true }).hover();
  await expect(page.getByRole('menu').getByRole('link', { name: 'Syrx controllers', exact: true })).toBeVisible();
  await expect(page.getByRole('menu').getByRole('link', { name: 'Roles', exact: true })).toBeVisible();
  await expect(page.getByText('Current group:')).toBeVisible();
  await expect(page.getByTestId('current-group-name')).toHaveText('Root');

  await page.getByRole('button', { name: 'Change' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change commissioning group' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await dialog.getByRole('treeitem', { name: /Root/ }).locator('.ant-tree-switcher').click();
  await dialog.getByText('Harbor Office Park', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('current-group-name')).toHaveText('Harbor Office Park');

  await page.reload();
  await expect(page.getByTestId('current-group-name')).toHaveText('Harbor Office Park');

  // Without a legacy app the sign-in guard takes over: back to the sign-in page, which would return to this one.
  await nav.getByText('Logout', { exact: true }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fjobs$/);
  await expect(nav.getByText('Login', { exact: true })).toBeVisible();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login\?next=%2Fhome$/);
});

test('a wrong password shows the server message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('an expired access cookie is renewed with the refresh token, without signing in again', async ({ page, context }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(e2eAdmin.username);
  await page.getByLabel('Password').fill(e2eAdmin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);

  // As when the 15-minute access cookie runs out: only the refresh cookie is left.
  await context.clearCookies({ name: 'syrx_session' });
  await page.getByRole('button', { name: 'Change' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change commissioning group' });
  await expect(dialog.getByText('Root', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await context.clearCookies({ name: 'syrx_session' });
  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Current group:')).toBeVisible();
});

test('logged out, controller registration asks the user to sign in first', async ({ page }) => {
  await page.goto('/register-syrx-controller');
  const link = page.getByRole('link', { name: /log ?in/i });
  await expect(link).toHaveAttribute('href', '/login?next=register-syrx-controller');
});

test('the page does not move when the current group bar appears', async ({ page }) => {
  await signInAsAdmin(page, '/home');
  // The bar's code held back, as a slow link would (routing also bypasses the browser's cache of it).
  let release = (): void => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/assets/current-group-bar-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/projects');
  const heading = page.getByRole('heading', { name: 'Projects', exact: true });
  await expect(heading).toBeVisible();
  await expect(page.getByText('Current group:')).toHaveCount(0);
  const before = await heading.boundingBox();
  release();
  await expect(page.getByText('Current group:')).toBeVisible();
  expect((await heading.boundingBox())?.y).toBe(before?.y);
});
