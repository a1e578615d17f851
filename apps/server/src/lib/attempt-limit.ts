import { AppError } from '@syrx/contracts/errors';

export const rateLimitMessage = 'Too many attempts. Please wait a minute and try again.';

/** The rate limit of a route a guesser could use (sign-in, registration, password links): so many a minute per client. */
export const attemptLimit = (perMinute: number) => ({
  max: perMinute,
  timeWindow: '1 minute',
  errorResponseBuilder: () => new AppError('rate_limited', 429, rateLimitMessage),
});
