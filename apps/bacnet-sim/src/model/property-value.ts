import { ASN1_ARRAY_ALL, ApplicationTag, ErrorClass, ErrorCode, type BACNetAppData, type BACNetBitString, type BACNetObjectID } from '@bacnet-js/client';

/** An error a device answers with: class and code, as in a BACnet Error PDU. */
export interface BacnetFailure {
  errorClass: ErrorClass;
  errorCode: ErrorCode;
}

export type ReadResult = { ok: true; values: BACNetAppData[] } | { ok: false; failure: BacnetFailure };

/** A property as the device holds it: a single value (or list), or a BACnet array read whole or by index. */
export type PropertyValue =
  | { kind: 'scalar'; values: BACNetAppData[] }
  | { kind: 'array'; length: number; item: (index: number) => BACNetAppData };

export const failure = (errorClass: ErrorClass, errorCode: ErrorCode): { ok: false; failure: BacnetFailure } => ({
  ok: false,
  failure: { errorClass, errorCode },
});

export const appData = {
  null: (): BACNetAppData => ({ type: ApplicationTag.NULL, value: null }),
  boolean: (value: boolean): BACNetAppData => ({ type: ApplicationTag.BOOLEAN, value }),
  unsigned: (value: number): BACNetAppData => ({ type: ApplicationTag.UNSIGNED_INTEGER, value }),
  real: (value: number): BACNetAppData => ({ type: ApplicationTag.REAL, value }),
  enumerated: (value: number): BACNetAppData => ({ type: ApplicationTag.ENUMERATED, value }),
  string: (value: string): BACNetAppData => ({ type: ApplicationTag.CHARACTER_STRING, value }),
  objectId: (value: BACNetObjectID): BACNetAppData => ({ type: ApplicationTag.OBJECTIDENTIFIER, value }),
  bitString: (value: BACNetBitString): BACNetAppData => ({ type: ApplicationTag.BIT_STRING, value: value as BACNetAppData<ApplicationTag.BIT_STRING>['value'] }),
};

export const scalar = (...values: BACNetAppData[]): PropertyValue => ({ kind: 'scalar', values });

export function arrayOf(items: readonly BACNetAppData[]): PropertyValue {
  return { kind: 'array', length: items.length, item: (index) => items[index - 1] ?? appData.null() };
}

/**
 * Reads a property whole or by array index: index 0 is the length, 1…n the elements, and past the end
 * error property/invalid-array-index (the end mark a point discovery walks up to).
 */
export function readPropertyValue(value: PropertyValue, index: number = ASN1_ARRAY_ALL): ReadResult {
  if (value.kind === 'scalar') {
    return index === ASN1_ARRAY_ALL ? { ok: true, values: value.values } : failure(ErrorClass.PROPERTY, ErrorCode.PROPERTY_IS_NOT_AN_ARRAY);
  }
  if (index === ASN1_ARRAY_ALL) return { ok: true, values: Array.from({ length: value.length }, (_, i) => value.item(i + 1)) };
  if (index === 0) return { ok: true, values: [appData.unsigned(value.length)] };
  if (index > value.length) return failure(ErrorClass.PROPERTY, ErrorCode.INVALID_ARRAY_INDEX);
  return { ok: true, values: [value.item(index)] };
}
