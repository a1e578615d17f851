/**
 * The benchmark's browser: signs in over HTTP as the web app does (GET /api/Login for the XSRF cookie, POST
 * /api/v2/auth), keeps the session cookies, and calls the API with them (the XSRF header on state-changing calls).
 */
import type { z } from 'zod';
import { type SessionUser, sessionCookies, sessionUserSchema } from '@syrx/contracts/auth';

/** What Chromium sends with the web app's fetch() calls, less the cookies. */
export const browserHeaders = (origin: string): Record<string, string> => ({
  accept: 'application/json',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br, zstd',
  referer: `${origin}/admin/syrx-controllers`,
  'sec-fetch-dest': 'empty',
  'sec-fetch-mode': 'cors',
  'sec-fetch-site': 'same-origin',
});

export class BrowserSession {
  private readonly jar = new Map<string, string>();

  private constructor(readonly origin: string) {}

  /** Signs in as the login page does; the session user is what the page keeps. */
  static async signIn(origin: string, username: string, password: string): Promise<{ session: BrowserSession; user: SessionUser }> {
    const session = new BrowserSession(origin);
    const check = await session.send('GET', '/api/Login');
    if (check.status !== 403) throw new Error(`GET /api/Login before signing in answered ${check.status}`);
    const user = await session.json('POST', '/api/v2/auth', sessionUserSchema, { username, password });
    if (!session.jar.has(sessionCookies.access)) throw new Error('signing in set no session cookie');
    return { session, user };
  }

  /** The Cookie header a browser sends to /api/… (the access, refresh and XSRF cookies). */
  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** A call whose answer must be 2xx and match `schema`. */
  async json<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const r = await this.send(method, path, body);
    if (r.status < 200 || r.status > 299) throw new Error(`${method} ${path} answered ${r.status}: ${r.text.slice(0, 300)}`);
    return schema.parse(JSON.parse(r.text));
  }

  async send(method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
    const headers: Record<string, string> = { accept: 'application/json', cookie: this.cookieHeader() };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const csrf = this.jar.get(sessionCookies.csrf);
    if (method !== 'GET' && csrf !== undefined) headers[sessionCookies.csrfHeader] = decodeURIComponent(csrf);
    const response = await fetch(`${this.origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of response.headers.getSetCookie()) this.keep(line);
    return { status: response.status, text: await response.text() };
  }

  private keep(setCookie: string): void {
    const [pair = '', ...attributes] = setCookie.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) return;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
    if (value === '' || expired) this.jar.delete(name);
    else this.jar.set(name, value);
  }
}
