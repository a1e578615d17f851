import { describe, expect, it } from 'vitest';
import { deviceTargetOf, exceptionResponse, isDeviceException, responseDataSchema } from './realtime.ts';

describe('deviceTargetOf', () => {
  it('sends a directly reached device without a destination', () => {
    const direct = { mac_address: '127.0.10.11:47808', network: 0, destination_mac_address: '0.0.0.0:0', destination_network: 0, instance_number: 1101 };
    expect(deviceTargetOf(direct)).toEqual({ macAddress: '127.0.10.11:47808', network: 0, instanceNumber: 1101, destinationMacAddress: null, destinationNetwork: null });
  });

  it('sends the DNET and DADR of a device behind a router', () => {
    const routed = { mac_address: '127.0.10.2:47808', network: 0, destination_mac_address: '03', destination_network: 1001, instance_number: 1001003 };
    expect(deviceTargetOf(routed)).toMatchObject({ destinationMacAddress: '03', destinationNetwork: 1001 });
  });
});

describe('exception types', () => {
  it('counts only the names the agent gives BACnet device failures as device exceptions, letter case included', () => {
    for (const t of ['BacnetError', 'BacnetAbort', 'BacnetTimeout', 'BacnetFailure']) expect(isDeviceException(t), t).toBe(true);
    for (const t of ['NotSupported', 'Error', 'Timeout', 'bacnetTimeout', 'BacnetSomething', null, undefined]) expect(isDeviceException(t), String(t)).toBe(false);
  });

  it('reads an unknown name (an older agent\'s) as Error and keeps the BACnet class and code', () => {
    const answer = { ...exceptionResponse('BacnetError', 'unknown-object', { errorClass: 1, errorCode: 31 }) };
    expect(responseDataSchema.parse(answer)).toMatchObject({ ExceptionType: 'BacnetError', BacnetErrorClass: 1, BacnetErrorCode: 31 });
    expect(responseDataSchema.parse({ ...answer, ExceptionType: 'TypeError' }).ExceptionType).toBe('Error');
    expect(responseDataSchema.parse({ ...answer, ExceptionType: null }).ExceptionType).toBeNull();
  });
});
