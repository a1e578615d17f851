import type { FastifyInstance } from 'fastify';
import { AppError } from '@syrx/contracts/errors';
import { nulPath } from '../lib/nul-characters.ts';

const nulMessage = 'must not contain NUL characters';

/**
 * Refuses, before validation, input that no column could store: a NUL character anywhere in the body, the query or
 * the path parameters answers 400 naming the field, instead of the database's error after the fact.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = nulPath(part);
      if (field) throw AppError.badRequest(`${field} ${nulMessage}`, [{ field, message: nulMessage }]);
    }
  });
}
