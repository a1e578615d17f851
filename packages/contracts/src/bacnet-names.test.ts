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

  it.each([
    [493, 'PRESENT_STAGE'],
    [498, 'AUDIT_LEVEL'],
    [511, 'ISSUER_CERTIFICATE_FILES'],
    [4194331, 'DEFAULT_COLOR_TEMPERATURE'],
    [4194349, 'MAX_PROXIED_I_AMS_PER_SECOND'],
    [600, 'proprietary-600'],
    [4194333, 'reserved-4194333'],
  ])('name the property identifiers of 135-2020 and its addenda; proprietary ones by number: %i is %s', (id, name) => {
    expect(propertyIdentifierName(id)).toBe(name);
  });

  it('name a point’s object by its type and instance', () => {
    expect(standardObjectName('OBJECT_ANALOG_INPUT:1')).toBe('Analog Input 1');
    expect(standardObjectName('OBJECT_DEVICE:1501')).toBe('Device 1501');
    expect(standardObjectName('something else')).toBe('something else');
  });
});
