import { describe, expect, it } from 'vitest';
import { exceptionResponse } from '@syrx/contracts/realtime';
import { AgentCallError } from './agent-call-error.ts';

describe('AgentCallError', () => {
  it('answers 503 when the agent cannot be asked and 504 when it did not answer in time', () => {
    for (const f of ['not-connected', 'disconnected', 'closed'] as const) expect(new AgentCallError(f).toBody().code, f).toBe('unavailable');
    expect(new AgentCallError('not-connected').status).toBe(503);
    const late = new AgentCallError('timeout');
    expect([late.status, late.toBody()]).toEqual([504, { code: 'gateway_timeout', message: "The controller's agent did not answer in time.", details: { exception_type: 'Timeout' } }]);
    expect(new AgentCallError('not-connected').toBody().details).toEqual({ exception_type: 'NotConnected' });
    expect(new AgentCallError('closed').toBody().details).toBeUndefined();
  });

  it('answers 504 for a device that did not answer, 502 with the class and code for a BACnet error, 502 for the agent\'s own errors', () => {
    const silent = new AgentCallError('exception', exceptionResponse('BacnetTimeout', 'The device did not answer in time'));
    expect([silent.status, silent.toBody()]).toEqual([504, {
      code: 'gateway_timeout', message: 'BacnetTimeout: The device did not answer in time', details: { exception_type: 'BacnetTimeout' },
    }]);
    const refused = new AgentCallError('exception', exceptionResponse('BacnetError', 'BACnet error object: unknown-object (class 1, code 31)', { errorClass: 1, errorCode: 31 }));
    expect(refused.status).toBe(502);
    expect(refused.toBody()).toMatchObject({ code: 'bad_gateway', details: { exception_type: 'BacnetError', error_class: 1, error_code: 31 } });
    expect(refused.exceptionType).toBe('BacnetError');
    const unsupported = new AgentCallError('exception', exceptionResponse('NotSupported', 'No.'));
    expect([unsupported.status, unsupported.message]).toEqual([502, 'NotSupported: No.']);
  });
});
