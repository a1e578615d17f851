import { describe, expect, it } from 'vitest';
import { deviceInputSchema } from '@syrx/contracts/devices';
import { ApiError } from '../../../lib/api-client';
import { addDeviceDefaults, addDeviceFailure, toDeviceInput } from './add-device-form';

describe('add device form', () => {
  it('defaults to network 0 and no destination addressing, sent as 0.0.0.0:0 on network 0', () => {
    expect(addDeviceDefaults).toMatchObject({ network: '0', provideDestination: 'no' });
    const input = toDeviceInput({ ...addDeviceDefaults, mac_address: ' 127.0.10.11:47808 ', instance_number: '1501', destination_mac_address: '0b', destination_network: '9' });
    expect(input).toEqual({ mac_address: '127.0.10.11:47808', network: 0, instance_number: 1501, destination_mac_address: '0.0.0.0:0', destination_network: 0 });
    expect(deviceInputSchema.safeParse(input).success).toBe(true);
  });

  it('sends the destination when it is provided', () => {
    const input = toDeviceInput({ ...addDeviceDefaults, mac_address: '127.0.20.1:47808', instance_number: '2001', provideDestination: 'yes', destination_mac_address: '0B', destination_network: '1100' });
    expect(input).toMatchObject({ destination_mac_address: '0B', destination_network: 1100 });
    expect(deviceInputSchema.parse(input)).toMatchObject({ destination_mac_address: '0b', destination_network: 1100 });
  });

  it('leaves text that is no number for the server to refuse', () => {
    expect(toDeviceInput({ ...addDeviceDefaults, instance_number: 'twelve' }).instance_number).toBe('twelve');
  });

  it('toasts a 409 and an unknown failure, and puts 400 field messages under their fields', () => {
    expect(addDeviceFailure(new ApiError(409, { code: 'conflict', message: 'x' }))).toEqual({ toast: "The provided BACnet device already exists, it can't be re-added" });
    expect(addDeviceFailure(new ApiError(500, { code: 'internal', message: 'x' }))).toEqual({ toast: 'An unknown error occurred' });
    expect(addDeviceFailure(new Error('network'))).toEqual({ toast: 'An unknown error occurred' });
    const fields = [{ field: 'mac_address', message: 'Enter an IPv4 address with an optional port (192.168.1.20:47808)' }];
    expect(addDeviceFailure(new ApiError(400, { code: 'validation_failed', message: 'x', fields }))).toEqual({ fields });
  });
});
