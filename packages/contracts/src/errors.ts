import { z } from 'zod';

/** Machine-readable error codes shared by server and clients. */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'invalid_credentials',
  'email_not_validated',
  'forbidden',
  'csrf_failed',
  'not_found',
  'conflict',
  'rate_limited',
  'internal',
  'unavailable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The body of every error response on both API bases. */
export const errorBodySchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The one error type: a code, an HTTP status and a message fit to show a user. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return this.fields ? { code: this.code, message: this.message, fields: this.fields } : { code: this.code, message: this.message };
  }

  static badRequest(message: string, fields?: FieldError[]): AppError {
    return new AppError('validation_failed', 400, message, fields);
  }
  static unauthenticated(message = 'You are not signed in.'): AppError {
    return new AppError('unauthenticated', 401, message);
  }
  static forbidden(message = 'You do not have permission to do this.'): AppError {
    return new AppError('forbidden', 403, message);
  }
  static notFound(what = 'The requested item'): AppError {
    return new AppError('not_found', 404, `${what} was not found.`);
  }
  static conflict(message: string, fields?: FieldError[]): AppError {
    return new AppError('conflict', 409, message, fields);
  }
}
