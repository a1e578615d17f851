import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { registrationErrorMessage } from './registration-error';

describe('controller registration error', () => {
  it('reads "Error with Syrx Controller ID or Password" whatever the server refused about the controller', () => {
    for (const status of [400, 404, 409]) {
      expect(registrationErrorMessage(new ApiError(status, { code: 'bad_request', message: 'anything' }))).toBe('Error with Syrx Controller ID or Password');
    }
    expect(registrationErrorMessage(new Error('parse'))).toBe('Error with Syrx Controller ID or Password');
  });

  it("passes on the server's words when the attempt itself was refused or failed", () => {
    expect(registrationErrorMessage(new ApiError(429, { code: 'rate_limited', message: 'Too many attempts.' }))).toBe('Too many attempts.');
    expect(registrationErrorMessage(new ApiError(0, { code: 'internal', message: 'The server could not be reached.' }))).toBe('The server could not be reached.');
  });
});
