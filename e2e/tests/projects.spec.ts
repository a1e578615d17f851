import { type Locator, type Page, expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/demo-controller.ts';

/**
 * Projects of the administrator's current group (the root group): a contact to name as owner, a project, its schedule
 * with an air handler added through the subcomponent modal and its points chosen, editing and deleting; then the
 * standalone equipment editor with its typeahead (spec 02 sections 2–5, 8 and 9).
 */
test.describe.configure({ mode: 'serial' });

const suffix = Date.now().toString(36);

/** Picks an option of an antd select: the open dropdown's option with exactly this title. */
async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').and(page.getByTitle(option, { exact: true })).click();
}

/** The form item of a field, by its label. */
const item = (scope: Page | Locator, label: string) => scope.locator('.ant-form-item').filter({ has: scope.getByText(label, { exact: true }) });

test('a project is planned: owner from the contacts, schedule with an air handler and its points, edited and deleted', async ({ page }) => {
  // The longest flow of the suite (a dozen forms and dialogs).
  test.setTimeout(120_000);
  const owner = `Nadia Farouk ${suffix}`;
  const project = `Central plant retrofit ${suffix}`;
  await signInAsAdmin(page, '/commissioning/contacts');

  // A contact of the current group, to name as the owner.
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  await page.getByRole('button', { name: 'New contact' }).click();
  const contactDialog = page.getByRole('dialog', { name: 'Add Contact' });
  await contactDialog.getByLabel('First Name').fill('Nadia');
  await contactDialog.getByLabel('Last Name').fill(`Farouk ${suffix}`);
  await contactDialog.getByLabel('Company').fill('Riverside Medical Center');
  await contactDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('table', { name: 'Contacts' }).getByRole('row').filter({ hasText: owner })).toContainText('Riverside Medical Center');

  // The project: Add Project, its checks, the owner select's empty option, dates and cost.
  await page.goto('/projects');
  await page.getByRole('button', { name: 'New Project' }).click();
  await expect(page).toHaveURL(/\/project\/editor$/);
  await expect(page.getByText('Add Project')).toBeVisible();
  await expect(item(page, 'Owner')).toContainText('Select Owner');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(project);
  await page.getByLabel('Address').fill('1200 Riverside Drive');
  await page.getByLabel('Customer Project Id').fill('RMC-14');
  await page.getByLabel('Start Date').fill('2026-03-02');
  await page.getByLabel('Complete Date').fill('2026-11-20');
  await page.getByLabel('Estimated Cost').fill('2,450,000');
  await choose(page, page.getByRole('combobox', { name: 'Owner' }), owner);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  const row = page.getByRole('table', { name: 'Projects' }).getByRole('row').filter({ hasText: project });
  await expect(row).toContainText('03/02/2026');
  await expect(row).toContainText('$2,450,000');

  // Its schedule: the header, a section per schedule type.
  await row.getByRole('button', { name: `Schedule of ${project}` }).click();
  await expect(page).toHaveURL(/\/project\/schedule\/\d+$/);
  await expect(page.getByRole('heading', { name: project })).toBeVisible();
  await expect(page.getByText('03/02/2026')).toBeVisible();
  await expect(page.getByText('11/20/2026')).toBeVisible();
  await expect(page.getByText('$2,450,000')).toBeVisible();
  const ahuSection = page.getByRole('region', { name: 'Air Handling Unit' });
  await expect(page.getByRole('region', { name: 'Chiller' })).toBeVisible();
  await ahuSection.getByRole('button', { name: 'Add Air Handling Unit' }).click();

  // Subcomponents: drill into the chilled water coil, go back, drill again and pick a valve (the modal closes itself).
  const info = page.getByRole('region', { name: 'Equipment Information' });
  await info.getByRole('button', { name: 'Select Cooling' }).click();
  const cooling = page.getByRole('dialog', { name: 'Select Type of Cooling' });
  await cooling.getByRole('button', { name: 'Chilled Water Coil' }).click();
  const coil = page.getByRole('dialog', { name: 'Select Type of Chilled Water Coil' });
  await expect(coil.getByRole('button', { name: 'Three-Way Valve' })).toBeVisible();
  await coil.getByRole('button', { name: 'Go Back' }).click();
  await cooling.getByRole('button', { name: 'Chilled Water Coil' }).click();
  await coil.getByRole('button', { name: 'Two-Way Valve' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(info).toContainText('Chilled Water Coil › Two-Way Valve');
  await info.getByRole('button', { name: 'Select Unit Type' }).click();
  await page.getByRole('dialog', { name: 'Select Type of Unit Type' }).getByRole('button', { name: 'Dedicated Outdoor Air System (DOAS)' }).click();
  await page.getByRole('dialog', { name: 'Select Type of Dedicated Outdoor Air System (DOAS)' }).getByRole('button', { name: 'With Energy Recovery Wheel' }).click();
  await expect(info).toContainText('Dedicated Outdoor Air System (DOAS) › With Energy Recovery Wheel');

  // Equipment Information: the name is required; an invalid demo date would be sent as null.
  await info.getByRole('button', { name: 'Submit' }).click();
  await expect(info.getByText('Name is required')).toBeVisible();
  await info.getByLabel('Name').fill('AHU-1');
  await info.getByLabel('Description').fill('Surgery suite air handler');
  await info.getByLabel('Manufacturer').fill('Daikin');
  await info.getByLabel('Install Date').fill('2026-06-15');
  await info.getByLabel('Location').fill('Mechanical room 3');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v2/equipments') && r.request().method() === 'POST');
  await info.getByRole('button', { name: 'Submit' }).click();
  const sent = (await created).request().postDataJSON() as { sub_components: number[]; project_id: number; equipment: { install_date: string; demo_date: null } };
  expect(sent.sub_components).toHaveLength(2);
  expect(sent.equipment).toMatchObject({ install_date: '2026-06-15', demo_date: null });

  // Point Selection: every point but NP ones, each with its choice.
  const points = page.getByRole('region', { name: 'Point Selection' });
  const pointRows = points.getByRole('table', { name: 'Points' }).getByRole('row');
  await expect(pointRows.filter({ hasText: 'Mixed Air Temperature' })).toBeVisible();
  await expect(pointRows.filter({ hasText: 'CHW-V' })).toBeVisible();
  await expect(pointRows.filter({ hasText: 'ERW-SPD' })).toBeVisible();
  await expect(pointRows.filter({ hasText: 'Filter Bank' })).toHaveCount(0);
  await pointRows.filter({ hasText: 'Supply Air Temperature Setpoint' }).getByText('exist', { exact: true }).click();
  await pointRows.filter({ hasText: 'CHW-V' }).getByText('replace', { exact: true }).click();
  await pointRows.filter({ hasText: 'ERW-SPD' }).getByText('add', { exact: true }).click();
  const tasks = page.waitForResponse((r) => r.url().endsWith('/equipment-tasks') && r.request().method() === 'POST');
  await points.getByRole('button', { name: 'Submit' }).click();
  const answer = await tasks;
  expect(answer.status()).toBe(200);
  const chosen = (answer.request().postDataJSON() as { equipment_points: { add_exist_replace: string }[] }).equipment_points.map((p) => p.add_exist_replace);
  expect(chosen.filter((c) => c !== 'n/a').sort()).toEqual(['add', 'exist', 'replace']);
  await expect(points).toHaveCount(0);

  // The air handler is in its section; editing hides the subcomponents.
  const ahuRow = ahuSection.getByRole('row').filter({ hasText: 'AHU-1' });
  await expect(ahuRow).toContainText('Surgery suite air handler');
  await ahuRow.getByRole('button', { name: 'Edit AHU-1' }).click();
  await expect(info.getByLabel('Name')).toHaveValue('AHU-1');
  await expect(info.getByLabel('Install Date')).toHaveValue('2026-06-15');
  await expect(info.getByRole('button', { name: 'Select Cooling' })).toHaveCount(0);
  await info.getByLabel('Description').fill('Surgery suite air handler (rebuilt)');
  await info.getByRole('button', { name: 'Submit' }).click();
  await expect(info).toHaveCount(0);
  await expect(ahuRow).toContainText('(rebuilt)');
  await ahuRow.getByRole('button', { name: 'Delete AHU-1' }).click();
  await page.getByRole('dialog', { name: 'Delete the equipment AHU-1?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(ahuSection.getByText('No equipment')).toBeVisible();

  // Edit Project: the owner is shown; cleared, its empty option reads 'No Owner'; then the project is deleted.
  await page.goto('/projects');
  await page.getByRole('table', { name: 'Projects' }).getByRole('row').filter({ hasText: project }).getByRole('button', { name: `Edit ${project}` }).click();
  await expect(page.getByText('Edit Project')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(project);
  await expect(item(page, 'Owner')).toContainText(owner);
  await choose(page, page.getByRole('combobox', { name: 'Owner' }), 'No Owner');
  await expect(item(page, 'Owner')).toContainText('No Owner');
  await page.getByLabel('Name', { exact: true }).fill(`${project} (phase 2)`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/projects$/);
  const renamed = page.getByRole('table', { name: 'Projects' }).getByRole('row').filter({ hasText: `${project} (phase 2)` });
  await renamed.getByRole('button', { name: `Delete ${project} (phase 2)` }).click();
  await page.getByRole('dialog', { name: `Delete the project ${project} (phase 2)?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(renamed).toHaveCount(0);
});

test('the standalone equipment editor picks a component by typeahead and its types by select', async ({ page }) => {
  await signInAsAdmin(page, '/commissioning/equipment/editor');
  await expect(page.getByText('Add Equipment')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Choose a component')).toBeVisible();
  await expect(page.getByText('Name is required')).toBeVisible();

  const component = page.getByRole('combobox', { name: 'Component' });
  await component.fill('VALVE');
  const options = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  await expect(options).toHaveCount(5);
  await component.fill('pump');
  await options.and(page.getByTitle('Pump', { exact: true })).click();
  await expect(component).toHaveValue('Pump');

  // One select per descendant type, each starting at None.
  for (const label of ['Service', 'Speed Control', 'Arrangement']) await expect(item(page, label)).toContainText('None');
  await choose(page, page.getByRole('combobox', { name: 'Speed Control' }), 'Variable Frequency Drive');
  await choose(page, page.getByRole('combobox', { name: 'Service' }), 'Chilled Water › Secondary');
  await page.getByLabel('Name').fill(`P-${suffix}`);
  await page.getByLabel('Demo Date').fill('2031-01-31');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v2/equipments') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Submit' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const equipment = (await response.json()) as { id: number; points: { point_code: string }[]; sub_components: number[] };
  expect(equipment.sub_components).toHaveLength(2);
  expect(equipment.points.map((p) => p.point_code)).toEqual(expect.arrayContaining(['P-S', 'P-SPD', 'CHW-DP']));

  // Spec 02 section 4: the create resets the form and opens the point editor of the new equipment.
  const points = page.getByRole('region', { name: 'Point Selection' });
  await expect(points.getByRole('cell', { name: 'P-S', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/commissioning\/equipment\/editor$/);
  await expect(page.getByText('Add Equipment')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(component).toHaveValue('');
  await points.getByRole('button', { name: 'Close' }).click();
  await expect(points).toBeHidden();

  // Edit Equipment: a successful update resets the editor to an empty Add Equipment too.
  await page.goto(`/commissioning/equipment/editor?id=${equipment.id}`);
  await expect(page.getByText('Edit Equipment')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue(`P-${suffix}`);
  await expect(page.getByLabel('Component', { exact: true })).toHaveValue('Pump');
  await expect(item(page, 'Speed Control')).toContainText('Variable Frequency Drive');
  await page.getByLabel('Location').fill('Central Utility Plant');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(`P-${suffix} was saved`)).toBeVisible();
  await expect(page).toHaveURL(/\/commissioning\/equipment\/editor$/);
  await expect(page.getByText('Add Equipment')).toBeVisible();
});
