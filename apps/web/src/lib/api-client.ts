import type { z } from 'zod';
import { okSchema, sessionCookies } from '@syrx/contracts/auth';
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
type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T> {
  method?: Method;
  /** Parses the response body; the call fails when the body does not match. */
  schema: z.ZodType<T>;
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

/** Calls that are themselves the sign-in, sign-out or refresh: a 401 there is an answer, not an expired session. */
function isAuthCall(base: ApiBase, path: string): boolean {
  return base === 'v2' ? path === '/auth' || path.startsWith('/auth/') : path === '/Login';
}

let refreshing: Promise<boolean> | undefined;

/** POST /api/v2/auth/refresh, shared by every call that needs it at the same moment. True when it succeeded. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= send(buildUrl('v2', '/auth/refresh'), 'POST', undefined)
    .then(async (response) => response.ok && okSchema.safeParse(await readJson(response)).success)
    .catch(() => false)
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

/**
 * Calls one API base and parses the answer with `schema`. On a 401 (outside the auth calls) it refreshes the
 * session once and repeats the call; when the refresh fails it hands over to the session-expired handler.
 */
export async function apiRequest<T>(base: ApiBase, path: string, options: RequestOptions<T>): Promise<T> {
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
  const parsed = options.schema.safeParse(await readJson(response));
  if (!parsed.success) {
    throw new ApiError(response.status, { code: 'internal', message: 'The server sent an unexpected response.' });
  }
  return parsed.data;
}

export const legacyApi = <T>(path: string, options: RequestOptions<T>): Promise<T> => apiRequest('legacy', path, options);
export const v2Api = <T>(path: string, options: RequestOptions<T>): Promise<T> => apiRequest('v2', path, options);
