import { type Page, expect, test } from '@playwright/test';
import { send } from '../support/api.ts';
import { demoControllerId, signInAsAdmin } from '../support/demo-controller.ts';

/**
 * Operating the demo controller remotely, on what its agent really reports: service logs, live logs, diagnostics,
 * metrics, a terminal, and the audit log of that terminal. The demo controller has the diagnostic and control
 * services enabled from the start (see apps/server/src/demo/demo-controller.ts).
 */
const diagnostic = 'Syrx.Services.DiagnosticService';
const control = 'Syrx.Services.ControlService';
const services = [diagnostic, 'Syrx.Services.ReportingService', 'Syrx.Services.BacnetNetworkQueryService', control];
const patient = { timeout: 90_000, intervals: [1000, 2000, 5000] };

test.describe.configure({ mode: 'serial' });

/** Signs in and answers the demo controller's page in the area. */
async function openArea(page: Page): Promise<string> {
  await signInAsAdmin(page, '/home');
  return `/admin/syrx-controllers/${await demoControllerId(page)}`;
}

/** A service of the demo controller that has shipped log entries (the agent uploads them in batches). */
async function serviceWithLogs(page: Page, area: string): Promise<string> {
  const api = area.replace('/admin/syrx-controllers/', '/api/SyrxControllers/');
  let found = '';
  await expect(async () => {
    for (const s of services) {
      const { count } = (await (await page.request.get(`${api}/services/${s}/logs/count`)).json()) as { count: number };
      if (count > 0) {
        found = s;
        return;
      }
    }
    throw new Error('no service has shipped log entries yet');
  }).toPass(patient);
  return found;
}

/** Opens a terminal on the control service's page and waits until it is connected. */
async function connectTerminal(page: Page, area: string): Promise<void> {
  await page.goto(`${area}/services/${control}`);
  const connect = page.getByRole('button', { name: 'Connect terminal', exact: true });
  await expect(connect).toBeEnabled({ timeout: 60_000 });
  await connect.click();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
}

test('service logs: entries newest first, filtered by the minimum level, and Back to the service', async ({ page }) => {
  const area = await openArea(page);
  const service = await serviceWithLogs(page, area);
  await page.goto(`${area}/services/${service}/logs`);
  const grid = page.getByRole('table');
  await expect(grid.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
  const total = page.getByText(/^\d+-\d+ of \d+ entries$/);
  await expect(total).toBeVisible();
  const atInfo = Number(/of (\d+) entries/.exec((await total.textContent()) ?? '')?.[1]);
  expect(atInfo).toBeGreaterThan(0);
  await expect(grid.locator('.ant-table-row').first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [ap]m/);

  // The page and the count are two answers; until both have arrived and shown, the old total and the new page's empty
  // text can be on screen together (a CI run saw both at once).
  const asked = Promise.all([
    page.waitForResponse((r) => r.url().includes('/logs/count?minLogLevel=ERROR')),
    page.waitForResponse((r) => /\/logs\?.*minLogLevel=ERROR/.test(r.url())),
  ]);
  await page.getByRole('combobox', { name: 'Minimum level' }).click();
  await page.getByTitle('ERROR', { exact: true }).click();
  await asked;
  const atError = page.getByText('No log entries at ERROR or above').or(page.getByText(/^\d+-\d+ of \d+ entries$/));
  await expect(async () => expect(atError).toBeVisible({ timeout: 1000 })).toPass({ timeout: 10_000 });
  const errors = Number(/of (\d+) entries/.exec((await atError.textContent()) ?? '')?.[1] ?? 0);
  expect(errors).toBeLessThan(atInfo);
  await expect(grid.locator('.ant-table-row .ant-tag', { hasText: /^INFO$/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`${area}/services/${service}$`));
});

test('live logs: entries arrive, stop while paused, and continue on Resume', async ({ page, context }) => {
  test.setTimeout(180_000);
  const area = await openArea(page);
  await page.goto(`${area}/logs`);
  await expect(page.getByText('Receiving live logs')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Agent connected')).toBeVisible({ timeout: 60_000 });
  const log = page.getByRole('log', { name: 'Live log' });
  const lines = log.getByRole('listitem');

  // The agent logs at INFO when a terminal opens and ends: open one in another tab to make it write.
  const other = await context.newPage();
  await connectTerminal(other, area);
  await expect(lines.filter({ hasText: 'terminal opened' }).first()).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Pause' }).click();
  const shown = await lines.count();
  await other.getByRole('button', { name: 'Disconnect terminal', exact: true }).click();
  await expect(page.getByText(/^Paused: [1-9]\d* new entries held, shown on Resume/)).toBeVisible({ timeout: 30_000 });
  await expect(lines).toHaveCount(shown);
  await expect(lines.filter({ hasText: 'terminal ended' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(lines.filter({ hasText: 'terminal ended' }).first()).toBeVisible();
  await other.close();
});

test("live logs: the agent's BACnet work shows with its device", async ({ page }) => {
  test.setTimeout(120_000);
  const area = await openArea(page);
  const api = area.replace('/admin/syrx-controllers/', '/api/SyrxControllers/');
  await page.goto(`${area}/logs`);
  await expect(page.getByText('Agent connected')).toBeVisible({ timeout: 60_000 });
  const lines = page.getByRole('log', { name: 'Live log' }).getByRole('listitem');

  // AHU-1 of the demo building (127.0.60.x, support/global-setup.ts), added unless another spec did, then reloaded
  // as its page's button does.
  const ahu1 = { mac_address: '127.0.60.11', instance_number: 1101 };
  const known = (await (await page.request.get(`${api}/bacnet-devices?showUnavailable=true&take=1000`)).json()) as { id: number; instance_number: number }[];
  const { id } = known.find((d) => d.instance_number === ahu1.instance_number) ?? ((await send(page, 'POST', `${api}/syrx-controller-bacnet-devices`, ahu1)) as { id: number });
  const instance = ahu1.instance_number;
  await send(page, 'POST', `${api}/bacnet-devices/${id}/reload-properties`);
  await expect(lines.filter({ hasText: `reload device {"device":"device ${instance} at ` }).first()).toBeVisible({ timeout: 30_000 });
});

test('diagnostics: processes, network interfaces and the message broker of the latest snapshot', async ({ page }) => {
  test.setTimeout(120_000);
  const area = await openArea(page);
  await page.goto(`${area}/services/${diagnostic}`);
  const processes = page.getByRole('table', { name: 'Processes' });
  // The agent takes a snapshot every 30 s; the panel asks every 5 s.
  await expect(processes.locator('.ant-table-row').first()).toBeVisible({ timeout: 90_000 });
  await expect(processes).toContainText('node');

  await page.getByRole('tab', { name: 'Network interface information' }).click();
  await expect(page.getByLabel('Network interfaces')).toContainText(/\blo\b/);

  await page.getByRole('tab', { name: 'RabbitMQ metrics' }).click();
  // The demo agent reads the machine's broker when rabbitmqctl is installed, else it has none.
  const broker = page
    .getByRole('table', { name: 'Queues' })
    .or(page.getByText('No message broker is configured on this controller, so there are no RabbitMQ metrics.'))
    .or(page.getByText('The message broker could not be reached.'));
  await expect(broker).toBeVisible();
});

test('metrics: the chart draws the controller’s memory on a canvas', async ({ page }) => {
  test.setTimeout(120_000);
  const area = await openArea(page);
  await page.goto(`${area}/services/${diagnostic}`);
  await expect(page.getByText('Metrics', { exact: true })).toBeVisible({ timeout: 30_000 });
  // Samples every 15 s; a recent range is asked again as often.
  const chart = page.getByRole('img', { name: 'Metrics chart' });
  await expect(chart.locator('canvas')).toBeVisible({ timeout: 90_000 });
  await expect(chart.locator('.u-legend')).toBeVisible();
  const size = await chart.locator('canvas').evaluate((c: HTMLCanvasElement) => ({ w: c.clientWidth, h: c.clientHeight }));
  expect(size.w).toBeGreaterThan(600);
  // uPlot draws its axes on the canvas; its legend (HTML) shows the values under the cursor, in percent.
  await chart.locator('.u-over').hover();
  await expect(chart.locator('.u-legend')).toContainText(/\d+\.\d %/);
});

// The terminal runs the agent user's login shell ($SHELL): where its start-up files are slow (a sandbox's root
// .bashrc running pyenv took over a minute), run the tests with SHELL=/bin/sh.
test('terminal: connect, run a command, see its output, disconnect; the audit log shows it', async ({ page }) => {
  test.setTimeout(120_000);
  const area = await openArea(page);
  await connectTerminal(page, area);
  await page.getByTestId('terminal-screen').click();
  await page.keyboard.type('echo syrx-e2e');
  await page.keyboard.press('Enter');
  // The command line echoes it too; the output is a row of its own.
  await expect(page.locator('.xterm-rows > div').filter({ hasText: /^\s*syrx-e2e\s*$/ }).first()).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Disconnect terminal', exact: true }).click();
  await expect(page.getByText('Terminal disconnected.')).toBeVisible();

  await page.goto('/admin/audit-log');
  const grid = page.getByRole('table', { name: 'Audit log' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(grid.locator('.ant-table-row').filter({ hasText: 'Terminal closed' }).first()).toBeVisible({ timeout: 2000 });
  }).toPass(patient);
  const opened = grid.locator('.ant-table-row').filter({ hasText: 'Terminal opened' }).first();
  await expect(opened).toContainText('admin');
  await expect(opened).toContainText(area.split('/').at(-1) ?? '');
});
