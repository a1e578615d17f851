import { type Page, expect } from '@playwright/test';

/** A state-changing call with the page's session and its CSRF token, as the SPA makes it; the answer's JSON, if any. */
export async function send(page: Page, method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<unknown> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.fetch(url, { method, data, headers: { 'x-xsrf-token': decodeURIComponent(csrf) } });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  const text = await response.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}
