import { describe, expect, it } from 'vitest';
import type { BacnetPoint } from '@syrx/contracts/points';
import { readPropertyFieldsSchema } from '@syrx/contracts/realtime';
import { isInteger, pickedPointValues, readDescription, readPropertyDefaults, toReadPropertyFields } from './read-property-form';

const typed = { ...readPropertyDefaults, macAddress: ' 127.0.10.11:47808 ', network: '0', instanceNumber: ' 1501 ' };

describe('read property form', () => {
  it('defaults to property 77 (object name) of object type 8 (device)', () => {
    expect(readPropertyDefaults).toMatchObject({ objectType: 8, propertyId: 77 });
  });

  it('parses integers and sends empty optional fields as null', () => {
    const fields = toReadPropertyFields(typed);
    expect(fields).toEqual({
      macAddress: '127.0.10.11:47808', network: 0, destinationMacAddress: null, destinationNetwork: null, instanceNumber: 1501, objectType: 8, propertyId: 77, propertyIndex: null,
    });
    expect(readPropertyFieldsSchema.parse(fields)).toEqual(fields);
    expect(toReadPropertyFields({ ...typed, destinationMacAddress: '0b', destinationNetwork: '1100', propertyIndex: '0' })).toMatchObject({
      destinationMacAddress: '0b', destinationNetwork: 1100, propertyIndex: 0,
    });
  });

  it('accepts only whole numbers in the number fields', () => {
    expect([isInteger('12'), isInteger(' 7 '), isInteger('1.5'), isInteger('x'), isInteger('')]).toEqual([true, true, false, false, false]);
  });

  it('fills address, destination, instance and object type from a picked point', () => {
    const point = {
      syrx_controller_bacnet_device_mac_address: '127.0.10.20:47808', syrx_controller_bacnet_device_network: 0,
      syrx_controller_bacnet_device_destination_mac_address: '0b', syrx_controller_bacnet_device_destination_network: 1100,
      instance_number: 3, object_type: 0,
    } as BacnetPoint;
    expect(pickedPointValues(point)).toEqual({ macAddress: '127.0.10.20:47808', network: '0', destinationMacAddress: '0b', destinationNetwork: '1100', instanceNumber: '3', objectType: 0 });
    const direct = { ...point, syrx_controller_bacnet_device_destination_mac_address: '0.0.0.0:0', syrx_controller_bacnet_device_destination_network: 0 };
    expect(pickedPointValues(direct)).toMatchObject({ destinationMacAddress: '', destinationNetwork: '' });
  });

  it('describes a read for the log', () => {
    expect(readDescription(toReadPropertyFields({ ...typed, propertyIndex: '2' }))).toBe('OBJECT_DEVICE:1501 OBJECT_NAME[2] at 127.0.10.11:47808 [0]');
  });
});
