import { z } from 'zod';

/**
 * One HTTP route, declared once (docs/decisions.md, "One route contract"): the server serves it (`serve`,
 * apps/server/src/lib/serve-route.ts: the Fastify schema comes from here) and the web calls it (`callRoute`,
 * apps/web/src/lib/api-client.ts: the URL and the response parsing come from here). The path is the full one on
 * either base (`/api/...` legacy, `/api/v2/...` newer) with `:name` segments, each named by the params schema.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type SuccessStatus = 200 | 201 | 202 | 204;
/** Content types of a body sent or answered as it is (not JSON). */
export type RawContentType = 'text/csv' | 'application/octet-stream';

type Schema = z.ZodType;
type ObjectSchema = z.ZodObject;

export interface Route<
  M extends Method = Method,
  P extends ObjectSchema | undefined = ObjectSchema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema | undefined = Schema | undefined,
  S extends SuccessStatus = SuccessStatus,
  RB extends RawContentType | undefined = RawContentType | undefined,
  PR extends RawContentType | undefined = RawContentType | undefined,
> {
  method: M;
  path: string;
  params: P;
  query: Q;
  /** A JSON body. */
  body: B;
  /** A body sent as it is with this content type (a CSV or a package file); the route parses it itself. */
  rawBody: RB;
  /** The JSON answer; undefined for a 204 and for a raw answer (`produces`). */
  response: R;
  status: S;
  /** The answer is this content type rather than JSON (a download). */
  produces: PR;
  /** OpenAPI tags. */
  tags: readonly string[];
  /** Error answers the route documents besides the usual ones (an agent's 502/503/504), by status. */
  errors: Readonly<Partial<Record<number, z.ZodType>>>;
}

/** Any route, as helpers that take one see it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the variance of the schemas' types is not ours to fix
export type AnyRoute = Route<Method, any, any, any, any, SuccessStatus, RawContentType | undefined, RawContentType | undefined>;

interface RouteInput<M extends Method, P, Q, B, R, S extends SuccessStatus, RB, PR> {
  method: M;
  path: `/api/${string}`;
  params?: P;
  query?: Q;
  body?: B;
  rawBody?: RB;
  response?: R;
  /** The success status; 200 unless said (201 created, 202 accepted, 204 no content). */
  status?: S;
  produces?: PR;
  tags?: readonly string[];
  errors?: Readonly<Partial<Record<number, z.ZodType>>>;
}

/** The `:name` segments of a path, in order. */
export const pathParamNames = (path: string): string[] =>
  path.split('/').filter((s) => s.startsWith(':')).map((s) => s.slice(1));

/**
 * Declares a route. Refuses at load time a params schema that does not name exactly the path's `:name` segments,
 * a 204 with a response, and a JSON body together with a raw one.
 */
export function route<
  const M extends Method,
  P extends ObjectSchema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema | undefined = undefined,
  const S extends SuccessStatus = 200,
  const RB extends RawContentType | undefined = undefined,
  const PR extends RawContentType | undefined = undefined,
>(input: RouteInput<M, P, Q, B, R, S, RB, PR>): Route<M, P, Q, B, R, S, RB, PR> {
  const where = `${input.method} ${input.path}`;
  const named = pathParamNames(input.path).sort().join(',');
  const declared = Object.keys(input.params?.shape ?? {}).sort().join(',');
  if (named !== declared) throw new Error(`${where}: the params schema names [${declared}], the path [${named}]`);
  const status = input.status ?? 200;
  if (status === 204 && input.response !== undefined) throw new Error(`${where}: a 204 has no response body`);
  if (input.body !== undefined && input.rawBody !== undefined) throw new Error(`${where}: a JSON body or a raw one, not both`);
  return {
    method: input.method,
    path: input.path,
    params: input.params as P,
    query: input.query as Q,
    body: input.body as B,
    rawBody: input.rawBody as RB,
    response: input.response as R,
    status: status as S,
    produces: input.produces as PR,
    tags: input.tags ?? [],
    errors: input.errors ?? {},
  };
}

/**
 * The four routes of a record kept at `path`: create (`POST path`, 201), and read, update and delete (`GET`, `PUT`,
 * `DELETE path/:id`, the id by the `id` schema). Create and update take their bodies; each but delete (204) answers the
 * record.
 */
export function recordRoutes<I extends Schema, C extends Schema, U extends Schema, ID extends Schema>(
  path: `/api/${string}`, o: { tags: readonly string[]; id: ID; item: I; create: C; update: U },
) {
  const one: `/api/${string}` = `${path}/:id`;
  const { tags } = o;
  const params = z.object({ id: o.id });
  return {
    create: route({ method: 'POST', path, tags, body: o.create, response: o.item, status: 201 }),
    get: route({ method: 'GET', path: one, tags, params, response: o.item }),
    update: route({ method: 'PUT', path: one, tags, params, body: o.update, response: o.item }),
    remove: route({ method: 'DELETE', path: one, tags, params, status: 204 }),
  };
}

type InputOf<T> = T extends Schema ? z.input<T> : never;

/** A path parameter as a caller gives it: the schema's input, or a string or number where the schema coerces. */
export type ParamsInput<T extends AnyRoute> = T['params'] extends ObjectSchema
  ? { [K in keyof z.input<T['params']>]-?: unknown extends z.input<T['params']>[K] ? string | number : Exclude<z.input<T['params']>[K], undefined> }
  : never;
export type QueryInput<T extends AnyRoute> = InputOf<T['query']>;
/** `Raw` is what the caller's platform sends as a raw body (the web: a string or a Blob). */
export type BodyInput<T extends AnyRoute, Raw = string> = T['rawBody'] extends RawContentType ? Raw : InputOf<T['body']>;
/** What a caller gets back: the parsed JSON, `Raw` for a raw answer (the web: a Blob), nothing for a 204. */
export type ResponseOf<T extends AnyRoute, Raw = unknown> = T['response'] extends Schema
  ? z.output<T['response']>
  : T['produces'] extends RawContentType ? Raw : undefined;
