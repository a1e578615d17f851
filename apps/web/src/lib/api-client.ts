import { z } from 'zod';
import { sessionCookies } from '@syrx/contracts/auth';
import { authRoutes } from '@syrx/contracts/routes/auth';
import type { AnyRoute, BodyInput, ParamsInput, QueryInput, ResponseOf } from '@syrx/contracts/route';
import { type ErrorBody, type ErrorCode, errorBodySchema } from '@syrx/contracts/errors';
import { env } from '../config/env';

/** A failed API call: the HTTP status (0 when the server was not reached) and the server's error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiError';
  }
}

export type ApiBase = 'legacy' | 'v2';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;
type Query = Record<string, QueryValue>;

/** One HTTP call as `callRoute` makes it from a contract route. */
interface CallOptions {
  method?: Method;
  body?: unknown;
  /** Sends `body` (a string or a Blob such as a File) as it is with this content type, e.g. a CSV file as text/csv; JSON otherwise. */
  contentType?: string;
  query?: Query;
  /** Aborts the call (a dialog's Cancel); the promise then rejects with the fetch's AbortError. */
  signal?: AbortSignal | undefined;
}

const statusCodes: Record<number, ErrorCode> = {
  400: 'bad_request', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 429: 'rate_limited',
  502: 'bad_gateway', 503: 'unavailable', 504: 'gateway_timeout',
};

let onSessionExpired = (): void => window.location.assign('/');

/** Replaces what happens when a refresh fails after a 401 (the specification: go to the site root). */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

function buildUrl(base: ApiBase, path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${env.api[base]}${path}${search === '' ? '' : `?${search}`}`;
}

async function send(url: string, method: Method, body: unknown, contentType?: string, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const raw = contentType !== undefined && (typeof body === 'string' || body instanceof Blob);
  if (body !== undefined) headers['content-type'] = raw ? contentType : 'application/json';
  if (method !== 'GET') {
    const csrf = readCookie(sessionCookies.csrf);
    if (csrf !== undefined) headers[sessionCookies.csrfHeader] = csrf;
  }
  try {
    return await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, { code: 'internal', message: 'The server could not be reached. Check your connection and try again.' });
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = errorBodySchema.safeParse(await readJson(response));
  if (parsed.success) return new ApiError(response.status, parsed.data);
  const message = `The server answered ${response.status} ${response.statusText}`.trim() + '.';
  return new ApiError(response.status, { code: statusCodes[response.status] ?? 'internal', message });
}

/**
 * Calls that are themselves the sign-in, sign-out or refresh: a 401 there is an answer, not an expired session (the
 * other /auth/ calls, such as two-factor setup, act within a session and refresh like any other).
 */
function isAuthCall(base: ApiBase, path: string): boolean {
  return base === 'v2' ? path === '/auth' || path === '/auth/refresh' : path === '/Login';
}

let refreshing: Promise<boolean> | undefined;

/** POST /api/v2/auth/refresh, shared by every call that needs it at the same moment. True when it succeeded. */
export function refreshSession(): Promise<boolean> {
  const { base, path } = splitBase(authRoutes.refresh.path);
  refreshing ??= send(buildUrl(base, path), authRoutes.refresh.method, undefined)
    .then(async (response) => response.ok && authRoutes.refresh.response.safeParse(await readJson(response)).success)
    .catch(() => false)
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

/**
 * Sends one call to an API base. On a 401 (outside the auth calls) it refreshes the session once and repeats the
 * call; when the refresh fails it hands over to the session-expired handler. A failure answer throws its ApiError.
 */
async function call(base: ApiBase, path: string, options: CallOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  const url = buildUrl(base, path, options.query);
  let response = await send(url, method, options.body, options.contentType, options.signal);
  if (response.status === 401 && !isAuthCall(base, path)) {
    if (await refreshSession()) {
      response = await send(url, method, options.body, options.contentType, options.signal);
    } else {
      onSessionExpired();
    }
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function parseAnswer<T>(response: Response, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await readJson(response));
  if (!parsed.success) {
    throw new ApiError(response.status, { code: 'internal', message: 'The server sent an unexpected response.' });
  }
  return parsed.data;
}

/**
 * Query values as the server's qs parser reads them: a list or an object goes as bracketed keys
 * (`filter[0][field]=status`), anything else as text; null and undefined are left out.
 */
export function flattenQuery(query: Record<string, unknown> | undefined): Query {
  const flat: Query = {};
  const put = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) put(`${key}[${k}]`, v);
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      flat[key] = value;
    } else {
      throw new TypeError(`Query parameter ${key} cannot be sent as text`);
    }
  };
  for (const [key, value] of Object.entries(query ?? {})) put(key, value);
  return flat;
}

/** A contract route's path with its `:name` segments filled in, each URL-encoded. */
export function routePath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_segment, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new TypeError(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The API base of a full path and the path on it. */
export function splitBase(fullPath: string): { base: ApiBase; path: string } {
  const v2 = env.api.v2;
  if (fullPath.startsWith(`${v2}/`)) return { base: 'v2', path: fullPath.slice(v2.length) };
  if (fullPath.startsWith(`${env.api.legacy}/`)) return { base: 'legacy', path: fullPath.slice(env.api.legacy.length) };
  throw new TypeError(`${fullPath} is on neither API base`);
}

/** A part of the call: absent when the route has none, optional when it may be empty, else required. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends T`: every key of T is optional
type Field<K extends string, T> = [T] extends [never] ? { [P in K]?: undefined } : undefined extends T ? { [P in K]?: T } : {} extends T ? { [P in K]?: T } : { [P in K]: T };

/** What a call of a contract route takes: its params, query and body as the contract types them, and a signal. */
export type RouteInput<R extends AnyRoute> = Field<'params', ParamsInput<R>> & Field<'query', QueryInput<R>> & Field<'body', BodyInput<R, string | Blob>> & {
  /** Aborts the call (a dialog's Cancel); the promise then rejects with the fetch's AbortError. */
  signal?: AbortSignal | undefined;
};

type OptionalIfEmpty<R extends AnyRoute> = [ParamsInput<R>] extends [never]
  ? [BodyInput<R>] extends [never] ? [input?: RouteInput<R>] : [input: RouteInput<R>]
  : [input: RouteInput<R>];

/**
 * Calls a route of the contract (packages/contracts/src/routes/): builds the URL from its path and params, sends the
 * query and body, and parses the answer with its response schema (a Blob for a raw answer, undefined for a 204).
 */
export async function callRoute<R extends AnyRoute>(route: R, ...[input]: OptionalIfEmpty<R>): Promise<ResponseOf<R, Blob>> {
  const { base, path } = splitBase(routePath(route.path, input?.params));
  const response = await call(base, path, {
    method: route.method,
    query: flattenQuery(input?.query),
    body: input?.body,
    ...(route.rawBody ? { contentType: route.rawBody } : {}),
    signal: input?.signal,
  });
  if (route.produces) return (await response.blob()) as ResponseOf<R, Blob>;
  const schema = (route.response as z.ZodType | undefined) ?? z.undefined();
  return (await parseAnswer(response, schema)) as ResponseOf<R, Blob>;
}

/**
 * The URL of a GET route of the contract with its params and query, for the browser to follow itself (a download
 * link such as a CSV, which the session cookie authenticates).
 */
export function routeUrl<R extends AnyRoute & { method: 'GET' }>(route: R, input: Pick<RouteInput<R>, 'params' | 'query'>): string {
  const { base, path } = splitBase(routePath(route.path, input.params));
  return buildUrl(base, path, flattenQuery(input.query));
}
