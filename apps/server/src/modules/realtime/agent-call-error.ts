import { AppError, type ErrorCode, type ErrorDetails } from '@syrx/contracts/errors';
import type { ExceptionType, ResponseData } from '@syrx/contracts/realtime';

export type AgentCallFailure = 'not-connected' | 'disconnected' | 'timeout' | 'closed' | 'cancelled' | 'exception';

const failureMessages: Record<Exclude<AgentCallFailure, 'exception'>, string> = {
  'not-connected': "The controller's agent is not connected.",
  disconnected: "The controller's agent disconnected before it answered.",
  timeout: "The controller's agent did not answer in time.",
  closed: 'The server is shutting down.',
  cancelled: 'The request was cancelled.',
};

/** The exception type a failure without an agent's answer reports, as the relay reports it to browsers. */
const failureTypes: Partial<Record<AgentCallFailure, ExceptionType>> = { 'not-connected': 'NotConnected', disconnected: 'AgentDisconnected', timeout: 'Timeout' };

const unavailable = { code: 'unavailable', status: 503 } as const;
const gatewayTimeout = { code: 'gateway_timeout', status: 504 } as const;
const badGateway = { code: 'bad_gateway', status: 502 } as const;

/**
 * The HTTP status of a failed call (docs/devices-and-points.md): the agent cannot be asked (not connected, gone, the
 * server closing) 503; nobody answered in time (the agent, or the device: BacnetTimeout) 504; the agent or the device
 * answered with an error (BacnetError with its class and code, an abort, NotSupported …) 502.
 */
function statusOf(failure: AgentCallFailure, exceptionType: ExceptionType | null): { code: ErrorCode; status: number } {
  switch (failure) {
    case 'not-connected':
    case 'disconnected':
    case 'closed':
    case 'cancelled':
      return unavailable;
    case 'timeout':
      return gatewayTimeout;
    case 'exception':
      return exceptionType === 'BacnetTimeout' ? gatewayTimeout : badGateway;
  }
}

/** Why a call to an agent failed; `exceptionType` is the agent's (BacnetTimeout, NotSupported …) for an exception answer. */
export class AgentCallError extends AppError {
  readonly exceptionType: ExceptionType | null;

  constructor(readonly failure: AgentCallFailure, answer?: Pick<ResponseData, 'ExceptionType' | 'ExceptionMessage' | 'BacnetErrorClass' | 'BacnetErrorCode'>) {
    const type = answer?.ExceptionType ?? failureTypes[failure] ?? null;
    // Spec 01 section 8: device exceptions read "type: message".
    const message = failure === 'exception'
      ? [type, answer?.ExceptionMessage].filter(Boolean).join(': ') || 'The agent reported an error.'
      : failureMessages[failure];
    const { code, status } = statusOf(failure, type);
    // Every failure that has a type names it (NotConnected, Timeout, BacnetError …), so a client can tell them apart.
    const details: ErrorDetails | undefined = type === null ? undefined : {
      exception_type: type,
      ...(typeof answer?.BacnetErrorClass === 'number' ? { error_class: answer.BacnetErrorClass } : {}),
      ...(typeof answer?.BacnetErrorCode === 'number' ? { error_code: answer.BacnetErrorCode } : {}),
    };
    super(code, status, message, undefined, details);
    this.exceptionType = type;
  }
}
