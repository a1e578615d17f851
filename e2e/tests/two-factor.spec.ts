import { type Page, expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { send } from '../support/api.ts';
import { waitForMailTo } from '../support/mailbox.ts';

/** The authenticator app's code (SHA-1, 6 digits, 30 s) for a base32 secret, `aheadMs` from now. */
const codeFor = (secret: string, aheadMs = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: Date.now() + aheadMs });

/** A new user of their own organization, validated through the mailed link and signed out again. */
async function newUser(page: Page): Promise<{ email: string; password: string }> {
  // A retry runs against the same server: each attempt registers its own address.
  const email = `tess.nakamura.${Date.now().toString(36)}@example.com`;
  const password = 'a long passphrase for two factors';
  const registered = await page.request.post('/api/v2/users/register', {
    data: {
      email, password, first_name: 'Tess', last_name: 'Nakamura', address: '5 Pier Rd', city: 'Seattle', state: 'WA',
      zip: '98101', job_title: 'Controls engineer', group_name: 'Nakamura Controls',
    },
  });
  expect(registered.status()).toBe(201);
  const token = (await waitForMailTo(email)).match(/\/login\/([A-Za-z0-9_-]+)/)?.[1];
  expect(token).toBeTruthy();
  await send(page, 'POST', '/api/Login', { username: email, password, token });
  await send(page, 'DELETE', '/api/Login');
  await page.context().clearCookies();
  return { email, password };
}

async function signInWithPassword(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a user turns on two-factor sign-in, signs out, and signs in with the password and then a code', async ({ page }) => {
  const user = await newUser(page);
  await signInWithPassword(page, user);
  await expect(page).toHaveURL(/\/home$/);

  // The user's own menu, under their name.
  const nav = page.getByRole('menubar');
  await nav.getByText('Tess Nakamura', { exact: true }).hover();
  await page.getByRole('menu').getByRole('link', { name: 'Two-factor sign-in' }).click();
  await expect(page).toHaveURL(/\/account\/two-factor$/);
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the secret' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel('Code', { exact: true }).fill(codeFor(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await nav.getByText('Logout', { exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await signInWithPassword(page, user);
  const second = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(second).toBeVisible();
  // The step the setup used is spent: the app's next code is accepted (a step either side counts).
  await second.getByLabel('Authentication code').fill(codeFor(secret, 30_000));
  await second.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('current-group-name')).toHaveText('Nakamura Controls');
});
