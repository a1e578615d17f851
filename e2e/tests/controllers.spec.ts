import { type Page, expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/demo-controller.ts';
import { provisionedControllers } from '../support/provisioned.ts';

const area = '/admin/syrx-controllers';

/** The yes/no buttons of "Provide BACnet configuration" (antd hides the radio inputs behind their labels). */
async function provideConfiguration(page: Page, answer: 'Yes' | 'No'): Promise<void> {
  await page.getByRole('radiogroup', { name: 'Provide BACnet configuration' }).getByText(answer, { exact: true }).click();
  await expect(page.getByRole('radio', { name: answer })).toBeChecked();
}

const api = (id: string, rest = '') => `/api/SyrxControllers/${id}${rest}`;

test('an administrator sets up, configures, enables services on and deletes a controller', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, '/home');
  const group = (await page.getByTestId('current-group-name').textContent()) ?? '';
  const name = `AHU controller ${testInfo.retry}-${Date.now() % 100_000}`;

  // The Admin menu's item leads to the area: tree, scope selector, Setup new controller.
  await page.getByRole('menubar').getByText('Admin', { exact: true }).hover();
  await page.getByRole('menu').getByRole('link', { name: 'Syrx controllers', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${area}$`));
  await expect(page.getByRole('combobox', { name: 'Syrx controller scope' })).toBeVisible();
  await expect(page.getByText('Show Syrx controllers from current group')).toBeVisible();
  await page.getByRole('button', { name: 'Setup new controller' }).click();

  // Create: the one-time password comes first.
  await expect(page).toHaveURL(new RegExp(`${area}/new$`));
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByLabel('Description').fill('Roof plant room');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Syrx controller created')).toBeVisible();
  await expect(page.getByText('Copy the password now: it will not be shown again.')).toBeVisible();
  await expect(page.getByTestId('one-time-password')).toHaveText(/^\S{16,}$/);
  await expect(page.getByRole('button', { name: 'Copy password' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to the controller' }).click();
  await expect(page).toHaveURL(new RegExp(`${area}/[0-9a-f-]{36}$`));
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  const detail = page.getByRole('region', { name: 'Detail pane' });
  await expect(detail.getByRole('heading', { name: `${group} - ${name}` })).toBeVisible();
  await expect(detail.getByTestId('bacnet-unconfigured')).toHaveText('Unconfigured');

  // Configure BACnet with two BBMD servers; a bad address is refused with the contracts' message.
  await detail.getByRole('button', { name: 'Edit' }).click();
  await provideConfiguration(page, 'Yes');
  await page.getByLabel('IP address', { exact: true }).fill('300.1.1.1');
  await expect(page.getByLabel('Port', { exact: true })).toHaveValue('47808');
  await page.getByRole('button', { name: 'Add BBMD server' }).click();
  await page.getByRole('button', { name: 'Add BBMD server' }).click();
  await expect(page.getByLabel('BBMD server 1 mask')).toHaveValue('255.255.255.255');
  await expect(page.getByLabel('BBMD server 2 port')).toHaveValue('47808');
  await page.getByLabel('BBMD server 1 IP address').fill('10.0.1.1');
  await page.getByLabel('BBMD server 2 IP address').fill('10.0.2.1');
  await page.getByLabel('BBMD server 2 mask').fill('255.255.255.0');
  await page.getByLabel('BBMD server 2 port').fill('47809');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a valid IPv4 address')).toBeVisible();
  await page.getByLabel('IP address', { exact: true }).fill('10.0.0.5');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(new RegExp(`${area}/${id}$`));
  const bacnet = detail.getByRole('region', { name: 'BACnet connection configuration' });
  await expect(bacnet.getByRole('row', { name: 'Local IP address 10.0.0.5' })).toBeVisible();
  await expect(bacnet.getByRole('row', { name: 'Local port 47808' })).toBeVisible();
  const bbmdRows = bacnet.getByRole('table', { name: 'BBMD servers' }).locator('tbody tr');
  await expect(bbmdRows).toHaveCount(2);
  await expect(bbmdRows.nth(0)).toHaveText(/10\.0\.1\.1\s*255\.255\.255\.255\s*47808/);
  await expect(bbmdRows.nth(1)).toHaveText(/10\.0\.2\.1\s*255\.255\.255\.0\s*47809/);

  // No configuration deletes the connection and its BBMD servers.
  await detail.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('BBMD server 2 IP address')).toHaveValue('10.0.2.1');
  await provideConfiguration(page, 'No');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${area}/${id}$`));
  await expect(detail.getByTestId('bacnet-unconfigured')).toHaveText('Unconfigured');
  await expect(bacnet.getByText('No BBMD servers')).toBeVisible();
  expect(await (await page.request.get(api(id, '/bacnet-connection-configuration'))).json()).toBeNull();
  expect(await (await page.request.get(api(id, '/bacnet-connection-bbmd-servers'))).json()).toEqual([]);

  // Enabled services: an invalid range is refused; a valid one is normalised when the field loses focus.
  await detail.getByRole('link', { name: 'Manage enabled services' }).click();
  await expect(page).toHaveURL(new RegExp(`${area}/${id}/services$`));
  const updater = page.getByRole('checkbox', { name: 'Enable Syrx.UpdaterService' });
  await expect(updater).toBeChecked();
  await expect(updater).toBeDisabled();
  await expect(page.locator('[title="Syrx.UpdaterService cannot be disabled."]')).toBeVisible();
  // A new controller runs reporting from the start, at the built-in versions' range, and says what that resolves to.
  await expect(page.getByRole('checkbox', { name: 'Enable Syrx.Services.ReportingService' })).toBeChecked();
  const reporting = page.getByLabel('Assigned version of Syrx.Services.ReportingService');
  await expect(reporting).toHaveValue('>=1.0.0 <2.0.0-0');
  await expect(page.getByTestId('resolves-Syrx.Services.ReportingService')).toHaveText(/^Resolves to \d+\.\d+\.\d+/);
  await reporting.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Required', { exact: true })).toBeVisible();
  await reporting.fill('banana');
  await reporting.blur();
  await expect(page.getByText('Not a valid semver range')).toBeVisible();
  await expect(reporting).toHaveValue('banana');
  await reporting.fill('^2.1');
  await reporting.blur();
  await expect(reporting).toHaveValue('>=2.1.0 <3.0.0-0');
  await expect(page.getByText('Not a valid semver range')).toBeHidden();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(new RegExp(`${area}/${id}$`));
  const services = detail.getByRole('table', { name: 'Enabled services' });
  await expect(services.getByRole('row', { name: /Syrx\.Services\.ReportingService/ })).toContainText('>=2.1.0 <3.0.0-0');
  await expect(services.getByRole('row', { name: /Syrx\.Services\.ReportingService/ })).toContainText('never contacted');

  // The tree lists the controller with its Services (the enabled ones and the message broker), each with a dot.
  const tree = page.getByRole('navigation', { name: 'Syrx controllers' });
  await expect(tree.getByText(`${group} - ${name}`)).toBeVisible();
  await tree.getByText('Services', { exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`${area}/${id}/services$`));
  await expect(tree.getByText('Syrx.Services.ReportingService')).toBeVisible();
  await expect(tree.getByText('Message broker (rabbitmq-server.service)')).toBeVisible();
  await expect(tree.getByRole('img', { name: 'Status unknown' }).first()).toBeVisible();
  await tree.getByText('Syrx.Services.ReportingService').click();
  await expect(page).toHaveURL(new RegExp(`${area}/${id}/services/Syrx.Services.ReportingService$`));
  await expect(detail.getByRole('row', { name: 'Last contact never contacted' })).toBeVisible();
  await expect(detail.getByText(/Points/).first()).toBeVisible();
  await detail.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`${area}/${id}$`));

  // Delete: the confirmation names the controller; afterwards the area's list is shown without it.
  // (The name is in the tree too: the confirmation is waited for by its URL and its question, so that the second
  // click cannot land on the first page's button.)
  await detail.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`${area}/${id}/delete$`));
  await expect(detail.getByText('Are you sure you want to delete the Syrx controller')).toBeVisible();
  await expect(detail.getByText(`${group} - ${name}`)).toBeVisible();
  await detail.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`${area}$`));
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
  expect((await page.request.get(api(id))).status()).toBe(404);
});

test('a user registers a provisioned controller into the current group', async ({ page }, testInfo) => {
  const controller = provisionedControllers()[testInfo.retry];
  if (!controller) throw new Error('no provisioned controller left; see e2e/support/global-setup.ts');
  await signInAsAdmin(page, '/register-syrx-controller');
  const group = (await page.getByTestId('current-group-name').textContent()) ?? '';

  await expect(page.getByRole('heading', { name: 'Register your Syrx controller' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Syrx Controller ID is printed on the label/ })).toBeVisible();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Required', { exact: true })).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Controller ID' }).fill('not-a-uuid');
  await page.getByLabel('Password').fill('whatever');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Controller ID entered is not a valid UUID')).toBeVisible();

  await page.getByRole('textbox', { name: 'Controller ID' }).fill(controller.id);
  await page.getByLabel('Password').fill(`${controller.password}-wrong`);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('alert')).toHaveText('Error with Syrx Controller ID or Password');

  await page.getByLabel('Password').fill(controller.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(new RegExp(`${area}$`));
  const row = page.getByRole('row', { name: new RegExp(controller.id) });
  await expect(row).toContainText(group);
  await expect(page.getByRole('navigation', { name: 'Syrx controllers' }).getByText(`${group} - ${controller.id}`)).toBeVisible();
  // An administrator may list every group's controllers too.
  await page.getByRole('combobox', { name: 'Syrx controller scope' }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Show Syrx controllers from all groups' }).click();
  const scope = page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Syrx controller scope' }) });
  await expect(scope).toHaveText('Show Syrx controllers from all groups');
  await expect(row).toContainText(group);
  await row.getByRole('button', { name: 'Manage' }).click();
  await expect(page).toHaveURL(new RegExp(`${area}/${controller.id}$`));
  await expect(page.getByRole('region', { name: 'Detail pane' }).getByRole('row', { name: /Syrx\.UpdaterService/ })).toBeVisible();

  // The older form of the area: the same list and detail without the tree; unknown paths go to its base.
  await page.goto('/admin/syrx-controllers-old/not-a-controller');
  await expect(page).toHaveURL(/\/admin\/syrx-controllers-old$/);
  await expect(page.getByRole('navigation', { name: 'Syrx controllers' })).toHaveCount(0);
  await page.getByRole('row', { name: new RegExp(controller.id) }).getByRole('button', { name: 'Manage' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/syrx-controllers-old/${controller.id}$`));
  await expect(page.getByText('Unconfigured')).toBeVisible();
});
