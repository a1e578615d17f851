import { expect, test } from '@playwright/test';
import { waitForMailTo } from '../support/mailbox.ts';

// A retry runs against the same server, so each attempt registers its own address.
const fields = {
  Email: `sam.okafor.${Date.now().toString(36)}@example.com`,
  Password: 'a long passphrase',
  'Confirm password': 'a long passphrase',
  'First name': 'Sam',
  'Last name': 'Okafor',
  Address: '200 Market St',
  City: 'Denver',
  State: 'CO',
  Zip: '80202',
  'Job title': 'Facilities manager',
  'Organization name': 'Okafor Facilities',
};

test('registration shows every validation message, then creates the account and its organization', async ({ page }) => {
  await page.goto('/login?next=%2Fprojects');
  await page.getByRole('link', { name: /create an account/i }).click();
  await expect(page).toHaveURL(/\/user-registration\?next=%2Fprojects$/);

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Required', { exact: true })).toHaveCount(Object.keys(fields).length);

  const fill = async (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
  };
  await fill({ ...fields, Email: 'not-an-address', Zip: '802' , 'Confirm password': 'something else' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Invalid email address entered')).toBeVisible();
  await expect(page.getByText('Zip code should be at least 5 digits')).toBeVisible();
  await expect(page.getByText('Invalid email and/or password')).toBeVisible();

  await fill({ Zip: '80202-12345' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Zip code should be no more than 10 digits')).toBeVisible();
  await fill({ Zip: '8020a' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Zip code should be of pattern ##### or #####-####')).toBeVisible();

  await fill(fields);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(/Your account has been created/)).toBeVisible();

  // The e-mailed link completes validation on sign-in and lands in the new organization.
  const mail = await waitForMailTo(fields.Email);
  const link = mail.match(/https?:\/\/\S+\/login\/[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeTruthy();
  await page.goto(new URL(link ?? '').pathname);
  await expect(page.getByText(/complete[sd]? (the )?validation/i)).toBeVisible();
  await page.getByLabel('Username').fill(fields.Email);
  await page.getByLabel('Password').fill(fields.Password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('current-group-name')).toHaveText('Okafor Facilities');

  // An organization administrator manages their accounts, but not the platform's controllers.
  const nav = page.getByRole('menubar');
  await expect(nav.getByText('Commissioning', { exact: true })).toBeVisible();
  await nav.getByText('Admin', { exact: true }).hover();
  // The menu's own items: the home page lists the same links.
  await expect(page.getByRole('menu').getByRole('link', { name: 'Accounts', exact: true })).toBeVisible();
  await expect(page.getByRole('menu').getByRole('link', { name: 'Syrx controllers', exact: true })).toHaveCount(0);

  // A second registration with the same address is answered as a new one (the page tells an outsider nothing about
  // the address); the owner is mailed instead, with a link to sign in.
  await nav.getByText('Logout', { exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/user-registration');
  await fill({ ...fields, 'Organization name': 'Someone Else' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(/Your account has been created/)).toBeVisible();
  const notice = await waitForMailTo(fields.Email, 10_000, /someone tried to register with your e-mail address/i);
  expect(notice).toMatch(/https?:\/\/\S+\/login(\s|$)/);
});

test('registration asks for a longer password, then refuses a common one with the server\'s message', async ({ page }) => {
  await page.goto('/user-registration');
  const values = { ...fields, Email: `common.${Date.now().toString(36)}@example.com`, Password: 'short-pass', 'Confirm password': 'short-pass' };
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Use at least 12 characters')).toBeVisible();

  for (const label of ['Password', 'Confirm password']) await page.getByLabel(label, { exact: true }).fill('password1234');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This password is too common')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(values.Email);
});
