import { AppError } from '@syrx/contracts/errors';
import { rateLimitMessage } from '../auth/auth.service.ts';

/** The rate limit of a route a guesser could use (registration, password links): so many a minute per client. */
export const attemptLimit = (perMinute: number) => ({
  max: perMinute,
  timeWindow: '1 minute',
  errorResponseBuilder: () => new AppError('rate_limited', 429, rateLimitMessage),
});
