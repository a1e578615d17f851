import type {
  FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RawReplyDefaultExpression, RawRequestDefaultExpression,
  RawServerDefault, RouteGenericInterface, RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AnyRoute } from '@syrx/contracts/route';
import { JsonAnswer } from '../db/json-answer.ts';

type Defined<T> = T extends undefined ? never : T;

/** The Fastify schema a contract route stands for; the zod type provider types the request from it. */
export interface RouteSchema<R extends AnyRoute> extends FastifySchema {
  params: R['params'];
  querystring: R['query'];
  body: R['body'];
}

export type RouteRequest<R extends AnyRoute> = FastifyRequest<
  RouteGenericInterface, RawServerDefault, RawRequestDefaultExpression, RouteSchema<R>, ZodTypeProvider
>;
export type RouteReply<R extends AnyRoute> = FastifyReply<
  RouteGenericInterface, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, unknown, RouteSchema<R>, ZodTypeProvider
>;

/**
 * What a handler answers: the response schema's input (the serializer parses it), the answer's JSON text as the
 * database built it (db/json-answer.ts: sent as it is), nothing for a 204, or the reply when it sent the answer itself
 * (a download, a stream).
 */
export type RouteAnswer<R extends AnyRoute> =
  | (R['response'] extends z.ZodType ? z.input<Defined<R['response']>> | JsonAnswer<z.output<Defined<R['response']>>> : R['status'] extends 204 ? void : unknown)
  | FastifyReply;

/** Options a route file adds: guards, route config (public, rate limits), a larger body limit, more OpenAPI. */
export type ServeOptions = Omit<RouteShorthandOptions, 'schema'> & { schema?: Pick<FastifySchema, 'description' | 'summary' | 'hide'> };

/** The Fastify schema of a contract route: params, querystring, body, the success response and documented errors, tags. */
export function fastifySchemaOf(route: AnyRoute): FastifySchema {
  const schema: FastifySchema & Record<string, unknown> = { tags: [...route.tags] };
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.body) schema.body = route.body;
  const response: Record<number, unknown> = { ...route.errors };
  if (route.response) response[route.status] = route.response;
  if (Object.keys(response).length > 0) schema.response = response;
  return schema;
}

/**
 * Registers the handler of a contract route (packages/contracts/src/routes/): method, path and schema come from the
 * contract, so req.params, req.query, req.body and the answer are typed by it. The handler returns the answer; the
 * contract's status (201, 202, 204) is set here.
 */
export function serve<R extends AnyRoute>(
  app: FastifyInstance,
  route: R,
  options: ServeOptions,
  handler: (req: RouteRequest<R>, reply: RouteReply<R>) => Promise<RouteAnswer<R>>,
): void {
  app.route({
    ...options,
    method: route.method,
    url: route.path,
    schema: { ...options.schema, ...fastifySchemaOf(route) },
    handler: async (req, reply) => {
      const answer = await handler(req as unknown as RouteRequest<R>, reply as unknown as RouteReply<R>);
      if (reply.sent || answer === reply) return reply;
      reply.status(route.status);
      if (answer instanceof JsonAnswer) return reply.type('application/json; charset=utf-8').send(answer.text);
      return route.status === 204 ? reply.send() : answer;
    },
  });
}
