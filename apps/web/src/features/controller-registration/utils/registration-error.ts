import { controllerMessages } from '@syrx/contracts/controllers';
import { ApiError } from '../../../lib/api-client';

/**
 * What a failed registration says (spec 01 section 8): 'Error with Syrx Controller ID or Password' for whatever
 * the server refused about the controller; the server's own words when it was not about the ID or password
 * (too many attempts, the server unreachable or failing).
 */
export function registrationErrorMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500)) return error.message;
  return controllerMessages.registrationFailed;
}
