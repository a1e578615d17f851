import { z } from 'zod';

/** Machine-readable error codes shared by server and clients. */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'invalid_credentials',
  'email_not_validated',
  /** An administrator switched the account off: sign-in, password links and sessions are refused. */
  'account_deactivated',
  /** The account has two-factor sign-in: the password was right, a code (or a recovery code) is needed too. */
  'totp_required',
  /** The two-factor code or recovery code was wrong or already used. */
  'totp_invalid',
  /** A group of the user requires two-factor sign-in and they have not set it up: only its setup is open until they do. */
  'totp_setup_required',
  'forbidden',
  'csrf_failed',
  'not_found',
  'conflict',
  'rate_limited',
  'internal',
  'unavailable',
  /** A controller's agent or the BACnet device behind it answered with an error (502). */
  'bad_gateway',
  /** A controller's agent, or the BACnet device behind it, did not answer in time (504). */
  'gateway_timeout',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The body of every error response on both API bases. */
export const errorBodySchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
  /** Facts about the failure a client may act on, e.g. a BACnet device's exception type, error class and code. */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
export type ErrorDetails = NonNullable<ErrorBody['details']>;

/** The one error type: a code, an HTTP status and a message fit to show a user. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly fields?: FieldError[],
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ErrorBody {
    return {
      code: this.code, message: this.message,
      ...(this.fields ? { fields: this.fields } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
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
