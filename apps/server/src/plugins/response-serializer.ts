import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/**
 * Every response passes its route's zod schema (unknown keys stripped, so nothing the schema does not name can leak)
 * and is then written with JSON.stringify. The schemas' output is plain JSON (no codecs: zod.encode would refuse a
 * one-way transform, and none are used), so parsing gives what fastify-type-provider-zod's encoding serializer gives;
 * parsing uses zod's compiled fast path, encoding does not: 0.06 ms against 0.28 ms for a page of 100 points
 * (docs/decisions.md).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  if (!(schema instanceof $ZodType)) throw new Error(`${method} ${url}: a response schema must be a zod schema`);
  return (data) => {
    const result = safeParse(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
