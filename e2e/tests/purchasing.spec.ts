import { type Page, expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/demo-controller.ts';

/**
 * The purchasing wizard in the offline test mode (the e2e server has no Stripe keys): quantities on the sizes page and
 * the category pages, the cost summary, the order, and the card payment with Stripe's test numbers (spec 02 sections
 * 2, 4, 8 and 9).
 */
test.describe.configure({ mode: 'serial' });

interface Order {
  id: number;
  total: number;
  payment_intent_status: string;
  payment_error_message: string | null;
  paid_at: string | null;
  project_id: number | null;
}

async function quantity(page: Page, item: string, value: string): Promise<void> {
  await page.getByLabel(`Quantity of ${item}`).fill(value);
}

async function next(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: title, level: 4 })).toBeVisible();
}

/** Confirms the order on the cost summary; the order as the server created it. */
async function confirmOrder(page: Page): Promise<Order> {
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v2/purchasing/initiate') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Confirm order' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  return (await response.json()) as Order;
}

async function enterCard(page: Page, number: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Card payment' });
  await expect(form.getByText('Test mode — no real charge')).toBeVisible();
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM / YY)').fill('12 / 40');
  await form.getByLabel('CVC').fill('123');
}

async function orderOf(page: Page, id: number): Promise<Order> {
  const response = await page.request.get(`/api/v2/purchasing/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Order;
}

test('controllers and nodes are bought with a test card: thank-you, then /projects after 5 seconds', async ({ page }) => {
  await signInAsAdmin(page, '/purchasing');
  await expect(page.getByRole('heading', { name: 'Purchasing', level: 3 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Syrx Controller', level: 4 })).toBeVisible();
  await quantity(page, 'Syrx Controller M (16 nodes)', '1');
  await next(page, 'Central Utility Plant Systems');
  await next(page, 'HVAC Equipment');
  await quantity(page, 'VAV Box', '10');
  await quantity(page, 'Air Handling Unit (AHU)', '2');
  await next(page, 'Specialty Building Systems/Compliance');
  await quantity(page, 'Fume Hood', '2');
  await next(page, 'Building Level Metering');
  await quantity(page, 'Electric Meter', '1');
  await quantity(page, 'Gas Meter', '1');
  await next(page, 'Syrx Energy Modeling');
  await next(page, 'Cost Summary');

  // $3,950 + 10 × $89.50 + 2 × $695 + 2 × $395 + $225 + $195; 16 node slots for 16 nodes, so no warning.
  await expect(page.getByLabel('Total')).toHaveText('$7,445.00');
  await expect(page.getByRole('table', { name: 'Cost summary' }).getByRole('row')).toHaveCount(8);
  await expect(page.getByText(/cannot be filled later|Not all nodes can be used/)).toHaveCount(0);

  const order = await confirmOrder(page);
  expect(order).toMatchObject({ total: 7445, payment_intent_status: 'requires_payment_method', paid_at: null });
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $7,445.00' }).click();

  await expect(page.getByText('Thank you for your order!')).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`Your payment of $7,445.00 for order ${order.id} was received.`);
  expect(page.url()).toMatch(/\/purchasing$/);
  const paid = await orderOf(page, order.id);
  expect(paid).toMatchObject({ payment_intent_status: 'succeeded', payment_error_message: null });
  expect(paid.paid_at).not.toBeNull();
  // The paid order is a project of the group, and the projects list it leads to holds it.
  await expect(page.getByRole('status')).toContainText(`It is in your projects as the project "Order ${order.id}"`);
  expect(paid.project_id).not.toBeNull();

  await expect(page).toHaveURL(/\/projects$/, { timeout: 10_000 });
  await expect(page.getByRole('cell', { name: `Order ${order.id}`, exact: true })).toBeVisible();
});

test('a declined card shows the provider\'s message under the card field and the order stays unpaid', async ({ page }) => {
  await signInAsAdmin(page, '/purchasing');
  await quantity(page, 'Syrx Controller S (8 nodes)', '1');
  await next(page, 'Central Utility Plant Systems');
  await next(page, 'HVAC Equipment');
  await quantity(page, 'VAV Box', '4');
  // Straight to the summary by its step (an offset of four pages).
  await page.locator('.ant-steps-item').filter({ hasText: 'Cost Summary' }).click();
  await expect(page.getByRole('heading', { name: 'Cost Summary', level: 4 })).toBeVisible();
  await expect(page.getByText('The controllers provide 8 node slots for 4 nodes. Empty slots cannot be filled later.')).toBeVisible();

  const order = await confirmOrder(page);
  await enterCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay $2,808.00' }).click();

  const form = page.getByRole('form', { name: 'Card payment' });
  await expect(form.getByRole('alert', { name: 'Card error' })).toHaveText('Your card was declined.');
  await expect(form.getByRole('button', { name: /Pay \$2,808\.00/ })).toBeEnabled();
  await expect(page.getByText('Thank you for your order!')).toHaveCount(0);
  expect(page.url()).toMatch(/\/purchasing$/);
  expect(await orderOf(page, order.id)).toMatchObject({ payment_intent_status: 'requires_payment_method', payment_error_message: 'Your card was declined.', paid_at: null });
});
