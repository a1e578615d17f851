import { type Page, expect, test } from '@playwright/test';
import { demoControllerId, signInAsAdmin } from '../support/demo-controller.ts';

/** Records every Content-Security-Policy violation the page reports, from the first script on. */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.exposeFunction('reportCspViolation', (v: string) => violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation: (v: string) => void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`);
    });
  });
  return violations;
}

test('the app works under its Content-Security-Policy: no violation on the main screens, the terminal and charts', async ({ page }) => {
  test.setTimeout(150_000);
  const violations = await watchCsp(page);
  const login = await page.goto('/login');
  expect(login?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(login?.headers()['x-content-type-options']).toBe('nosniff');

  await signInAsAdmin(page, '/home');
  const area = `/admin/syrx-controllers/${await demoControllerId(page)}`;
  for (const path of [area, '/admin/jobs', '/admin/audit-log', '/admin/roles']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }

  // The metrics chart (uPlot on a canvas) and the terminal (xterm.js) style elements at run time.
  await page.goto(`${area}/services/Syrx.Services.DiagnosticService`);
  await expect(page.getByRole('img', { name: 'Metrics chart' }).locator('canvas')).toBeVisible({ timeout: 90_000 });
  await page.goto(`${area}/services/Syrx.Services.ControlService`);
  const connect = page.getByRole('button', { name: 'Connect terminal', exact: true });
  await expect(connect).toBeEnabled({ timeout: 60_000 });
  await connect.click();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Disconnect terminal', exact: true }).click();

  expect(violations).toEqual([]);
});
