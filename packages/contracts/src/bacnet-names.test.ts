import { describe, expect, it } from 'vitest';
import { objectTypeLabel, standardObjectName, standardObjectTypeName } from './bacnet.ts';

describe('standard BACnet names', () => {
  it('name object types as the standard does', () => {
    expect(standardObjectTypeName('OBJECT_ANALOG_INPUT')).toBe('Analog Input');
    expect(standardObjectTypeName(objectTypeLabel(14))).toBe('Multi-state Output');
    expect(standardObjectTypeName(objectTypeLabel(39))).toBe('BitString Value');
    expect(standardObjectTypeName(objectTypeLabel(43))).toBe('DateTime Pattern Value');
    expect(standardObjectTypeName(objectTypeLabel(44))).toBe('DateTime Value');
    expect(standardObjectTypeName(objectTypeLabel(27))).toBe('Trend Log Multiple');
    expect(standardObjectTypeName(objectTypeLabel(130))).toBe('Proprietary 130');
  });

  it('name a point’s object by its type and instance', () => {
    expect(standardObjectName('OBJECT_ANALOG_INPUT:1')).toBe('Analog Input 1');
    expect(standardObjectName('OBJECT_DEVICE:1501')).toBe('Device 1501');
    expect(standardObjectName('something else')).toBe('something else');
  });
});
