import { isDeviceException, type RequestResponse } from '@syrx/contracts/realtime';

/** A socket request that ended with an exception (spec 01 section 8), carrying the agent's exception type. */
export class RequestFailedError extends Error {
  constructor(
    message: string,
    readonly exceptionType: string | null,
  ) {
    super(message);
    this.name = 'RequestFailedError';
  }

  /** True when the BACnet device itself refused or did not answer (rather than the agent or the server). */
  get isDeviceException(): boolean {
    return isDeviceException(this.exceptionType);
  }
}

/** The request was stopped from this page (a dialog's Cancel); callers ignore it. */
export class RequestStoppedError extends Error {
  constructor() {
    super('The request was stopped.');
    this.name = 'RequestStoppedError';
  }
}

/** The text a failed request rejects with: the message, or "type: message" for device exceptions. */
export function exceptionText(type: string | null, message: string): string {
  return isDeviceException(type) ? `${type}: ${message}` : message;
}

export type Answer =
  | { kind: 'acknowledgement' }
  | { kind: 'data'; data: unknown }
  | { kind: 'complete'; data: unknown }
  | { kind: 'exception'; error: RequestFailedError };

/**
 * What one server/client/request-response means for its request: an acknowledgement, intermediate data, the final
 * answer (IsComplete) or an exception (either the envelope's `exception` or the answer's IsException).
 */
export function readAnswer(response: RequestResponse): Answer {
  const { data, exception } = response;
  if (data?.IsException || exception !== null || data === null) {
    const message = data?.ExceptionMessage ?? exception ?? 'The request failed without a message.';
    const type = data?.ExceptionType ?? null;
    return { kind: 'exception', error: new RequestFailedError(exceptionText(type, message), type) };
  }
  if (data.IsAcknowledgement) return { kind: 'acknowledgement' };
  if (data.IsComplete) return { kind: 'complete', data: data.Data };
  return { kind: 'data', data: data.Data };
}

/** A message for any error a request may reject with. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
