import { describe, expect, it } from 'vitest';
import { objectTypeLabel, objectTypeOptions, propertyIdentifierName, standardObjectName, standardObjectTypeName } from './bacnet.ts';

describe('standard BACnet names', () => {
  it('name object types as the standard does', () => {
    expect(standardObjectTypeName('OBJECT_ANALOG_INPUT')).toBe('Analog Input');
    expect(standardObjectTypeName(objectTypeLabel(14))).toBe('Multi-state Output');
    expect(standardObjectTypeName(objectTypeLabel(39))).toBe('BitString Value');
    expect(standardObjectTypeName(objectTypeLabel(43))).toBe('DateTime Pattern Value');
    expect(standardObjectTypeName(objectTypeLabel(44))).toBe('DateTime Value');
    expect(standardObjectTypeName(objectTypeLabel(27))).toBe('Trend Log Multiple');
    expect(standardObjectTypeName(objectTypeLabel(130))).toBe('proprietary-130');
    expect(standardObjectTypeName(objectTypeLabel(99))).toBe('reserved-99');
  });

  it('name every object type of 135-2020 and its addenda, never a reserved number', () => {
    const names = [56, 57, 58, 59, 60, 61, 62, 63, 64].map((t) => standardObjectTypeName(objectTypeLabel(t)));
    expect(names).toEqual(['Network Port', 'Elevator Group', 'Escalator', 'Lift', 'Staging', 'Audit Log', 'Audit Reporter', 'Color', 'Color Temperature']);
    expect(standardObjectTypeName(objectTypeLabel(31))).toBe('Timer');
    expect(objectTypeOptions.map((o) => o.value)).toEqual(expect.arrayContaining(Array.from({ length: 65 }, (_, t) => t)));
  });

  it('name the property identifiers of 135-2020 and its addenda; proprietary ones by number', () => {
    expect(propertyIdentifierName(493)).toBe('PRESENT_STAGE');
    expect(propertyIdentifierName(498)).toBe('AUDIT_LEVEL');
    expect(propertyIdentifierName(511)).toBe('ISSUER_CERTIFICATE_FILES');
    expect(propertyIdentifierName(4194331)).toBe('DEFAULT_COLOR_TEMPERATURE');
    expect(propertyIdentifierName(4194349)).toBe('MAX_PROXIED_I_AMS_PER_SECOND');
    expect(propertyIdentifierName(600)).toBe('proprietary-600');
    expect(propertyIdentifierName(4194333)).toBe('reserved-4194333');
  });

  it('name a point’s object by its type and instance', () => {
    expect(standardObjectName('OBJECT_ANALOG_INPUT:1')).toBe('Analog Input 1');
    expect(standardObjectName('OBJECT_DEVICE:1501')).toBe('Device 1501');
    expect(standardObjectName('something else')).toBe('something else');
  });
});
