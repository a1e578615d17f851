import { ASN1_ARRAY_ALL, ApplicationTag, ErrorClass, ErrorCode, PropertyIdentifier as P, type BACNetAppData } from '@bacnet-js/client';
import type { BacnetFailure } from './property-value.ts';
import type { SimObject } from './sim-object.ts';

const fail = (errorClass: ErrorClass, errorCode: ErrorCode): BacnetFailure => ({ errorClass, errorCode });
const invalidType = fail(ErrorClass.PROPERTY, ErrorCode.INVALID_DATA_TYPE);
const outOfRange = fail(ErrorClass.PROPERTY, ErrorCode.VALUE_OUT_OF_RANGE);

/**
 * WriteProperty on a point. Outputs and values take present-value at a priority (1…16) into the priority
 * array, NULL relinquishes; inputs refuse present-value (write-access-denied) unless out of service.
 * Returns the error to answer, or undefined on success.
 */
export function writeObjectProperty(object: SimObject, propertyId: P, index: number, values: BACNetAppData[], priority: number): BacnetFailure | undefined {
  if (!object.hasProperty(propertyId)) return fail(ErrorClass.PROPERTY, ErrorCode.UNKNOWN_PROPERTY);
  const denied = object.writeDenied(propertyId);
  if (denied) return denied;
  if (index !== ASN1_ARRAY_ALL) return fail(ErrorClass.PROPERTY, ErrorCode.PROPERTY_IS_NOT_AN_ARRAY);
  const [value] = values;
  if (values.length !== 1 || !value) return invalidType;

  if (propertyId === P.OUT_OF_SERVICE) {
    if (value.type !== ApplicationTag.BOOLEAN) return invalidType;
    object.outOfService = value.value === true;
    if (!object.outOfService) object.outOfServiceValue = undefined;
    return undefined;
  }

  if (value.type === ApplicationTag.NULL) {
    if (!object.commandable) return invalidType;
    object.priorityArray[priority - 1] = null;
    return undefined;
  }
  const checked = checkValue(object, value);
  if (typeof checked !== 'number') return checked;
  if (object.commandable) object.priorityArray[priority - 1] = checked;
  else object.outOfServiceValue = checked;
  return undefined;
}

/** The number a written value stands for, if its type and range suit the object (as real devices check). */
function checkValue(object: SimObject, value: BACNetAppData): number | BacnetFailure {
  const number = typeof value.value === 'number' ? value.value : NaN;
  switch (object.kind) {
    case 'analog':
      return value.type === ApplicationTag.REAL || value.type === ApplicationTag.DOUBLE ? (Number.isFinite(number) ? number : outOfRange) : invalidType;
    case 'binary':
      if (value.type !== ApplicationTag.ENUMERATED) return invalidType;
      return number === 0 || number === 1 ? number : outOfRange;
    case 'multistate':
      if (value.type !== ApplicationTag.UNSIGNED_INTEGER) return invalidType;
      return Number.isInteger(number) && number >= 1 && number <= object.stateTexts.length ? number : outOfRange;
  }
}
