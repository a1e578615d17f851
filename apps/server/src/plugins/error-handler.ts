import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type ErrorBody } from '@syrx/contracts/errors';
import { isDatabaseUnavailable, isDataException } from '../lib/pg-errors.ts';

const invalidRequestMessage = 'The request has invalid or missing fields.';

/** Turns fastify's `body/group_id` style paths into the field name a client knows. */
function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replace(/\//g, '.') || '(body)';
}

/** The one error handler: AppErrors as they are, client mistakes as 4xx with fields, everything else a bare 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, err.message);
      return reply.status(err.status).send(err.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // One message per field, the first rule it broke (e.g. "too short" before "wrong pattern").
      const byField = new Map<string, string>();
      for (const v of err.validation) {
        const field = fieldName(v.instancePath);
        if (!byField.has(field)) byField.set(field, v.message ?? 'Invalid value');
      }
      const fields = [...byField].map(([field, message]) => ({ field, message }));
      const body: ErrorBody = { code: 'validation_failed', message: invalidRequestMessage, fields };
      return reply.status(400).send(body);
    }
    if (!isResponseSerializationError(err) && err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const body: ErrorBody = { code: err.statusCode === 429 ? 'rate_limited' : 'bad_request', message: err.message };
      return reply.status(err.statusCode).send(body);
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: err.message }, 'database unavailable');
      const body: ErrorBody = { code: 'unavailable', message: 'The database is not available just now; please try again in a moment.' };
      return reply.status(503).header('retry-after', '2').send(body);
    }
    if (isDataException(err)) {
      // Validation should have caught it; log it so the schema can be tightened, and tell the client what to fix.
      request.log.warn({ err }, 'a value the database refused');
      const body: ErrorBody = { code: 'bad_request', message: 'A value in the request is out of range or not valid.' };
      return reply.status(400).send(body);
    }
    request.log.error({ err }, 'unhandled error');
    const body: ErrorBody = { code: 'internal', message: 'An unexpected error occurred. It has been logged; please try again later.' };
    return reply.status(500).send(body);
  });
}
