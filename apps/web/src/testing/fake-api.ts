import { vi } from 'vitest';
import type { SessionUser } from '@syrx/contracts/auth';
import type { GroupNode } from '@syrx/contracts/groups';

export interface RecordedCall {
  method: string;
  path: string;
  /** The JSON body parsed, or the text of a body sent with another content type (a CSV file). */
  body: unknown;
  contentType?: string | null;
  csrf: string | null;
}

export type Reply = { status: number; body?: unknown };
/** Answers a call it knows (at once, or later: a promise), or passes it on (undefined). */
export type Handler = (call: RecordedCall) => Reply | Promise<Reply> | undefined;

/** A fake server's answer: the body with 200 (or `status`); 204 without a body. */
export const ok = (body?: unknown, status = 200): Reply => ({ status: body === undefined ? 204 : status, body });
/** A fake server's 404 for "`what` was not found." (The role, The account, …). */
export const notFound = (what: string): Reply => ({ status: 404, body: { code: 'not_found', message: `${what} was not found.` } });

/** An override that answers every DELETE with `reply` (a delete refused or failing) and passes the other calls on. */
export const onDelete = (reply: Reply): Handler => (call) => (call.method === 'DELETE' ? reply : undefined);

/** A fake server's handler: `overrides` answer first (e.g. to refuse a call), then `handler`. */
export function withOverrides(overrides: readonly Handler[], handler: Handler): Handler {
  return (call) => {
    for (const override of overrides) {
      const reply = override(call);
      if (reply) return reply;
    }
    return handler(call);
  };
}

/** A call's path without its query, its route ("METHOD /path") and its query. */
export function routeOf(call: RecordedCall): { path: string; route: string; query: URLSearchParams } {
  const path = call.path.split('?')[0] ?? '';
  return { path, route: `${call.method} ${path}`, query: new URL(call.path, 'http://console.test').searchParams };
}

const json = ({ status, body }: Reply) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A stand-in for the server on fetch: answers the session protocol like apps/server does (403 on the session
 * check while signed out, 401 on a failed refresh) and records every call. `handlers` answer first.
 */
export function installFakeApi(options: { user?: SessionUser | null; handlers?: Handler[]; groups?: Record<string, GroupNode[]> } = {}) {
  const state = { user: options.user ?? null };
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://console.test');
    const headers = new Headers(init?.headers);
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      body: typeof init?.body !== 'string' ? undefined : headers.get('content-type') === 'application/json' ? (JSON.parse(init.body) as unknown) : init.body,
      contentType: headers.get('content-type'),
      csrf: headers.get('x-xsrf-token'),
    };
    calls.push(call);
    for (const handler of options.handlers ?? []) {
      const reply = handler(call);
      if (reply) return json(await reply);
    }
    const route = `${call.method} ${url.pathname}`;
    if (route === 'GET /api/Login') {
      return state.user ? json({ status: 200, body: state.user }) : json({ status: 403, body: { code: 'unauthenticated', message: 'You are not signed in.' } });
    }
    if (route === 'POST /api/v2/auth/refresh') {
      return json({ status: 401, body: { code: 'unauthenticated', message: 'Your session has expired. Please sign in again.' } });
    }
    if (route === 'DELETE /api/Login') {
      state.user = null;
      return json({ status: 200, body: { ok: true } });
    }
    if (route === 'GET /api/v2/client-config') return json({ status: 200, body: { legacy_app_url: '', payment_mode: 'test', stripe_publishable_key: null } });
    if (route === 'GET /api/v2/groups/getChildrenOf') {
      return json({ status: 200, body: options.groups?.[url.searchParams.get('id') ?? 'roots'] ?? [] });
    }
    return json({ status: 404, body: { code: 'not_found', message: `No such route: ${route}` } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    signIn: (user: SessionUser) => {
      state.user = user;
    },
    get user() {
      return state.user;
    },
  };
}

export const adaUser: SessionUser = {
  id: 7,
  username: 'ada@example.com',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  permissions: ['projects_manage'],
  commissioning_group: { id: 2, name: 'Acme Buildings' },
};
