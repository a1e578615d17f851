import { EngineeringUnits, ObjectType, Segmentation } from '@bacnet-js/client';

/** The object types a site file may declare, by the kebab-case names BACnet tools show. */
export const objectTypeNumbers = {
  'analog-input': ObjectType.ANALOG_INPUT,
  'analog-output': ObjectType.ANALOG_OUTPUT,
  'analog-value': ObjectType.ANALOG_VALUE,
  'binary-input': ObjectType.BINARY_INPUT,
  'binary-output': ObjectType.BINARY_OUTPUT,
  'binary-value': ObjectType.BINARY_VALUE,
  'multi-state-input': ObjectType.MULTI_STATE_INPUT,
  'multi-state-output': ObjectType.MULTI_STATE_OUTPUT,
  'multi-state-value': ObjectType.MULTI_STATE_VALUE,
} as const;

export type ObjectTypeName = keyof typeof objectTypeNumbers;

/** Segmentation_Supported by the names a site file uses. */
export const segmentationNumbers = {
  both: Segmentation.SEGMENTED_BOTH,
  transmit: Segmentation.SEGMENTED_TRANSMIT,
  receive: Segmentation.SEGMENTED_RECEIVE,
  none: Segmentation.NO_SEGMENTATION,
} as const;
export type SegmentationName = keyof typeof segmentationNumbers;
export const segmentationName = (value: number): SegmentationName | undefined =>
  (Object.keys(segmentationNumbers) as SegmentationName[]).find((name) => Number(segmentationNumbers[name]) === value);
export const objectTypeNames = Object.keys(objectTypeNumbers) as [ObjectTypeName, ...ObjectTypeName[]];

export type ObjectKind = 'analog' | 'binary' | 'multistate';
export type ObjectRole = 'input' | 'output' | 'value';

export function objectKind(type: ObjectTypeName): ObjectKind {
  if (type.startsWith('analog')) return 'analog';
  if (type.startsWith('binary')) return 'binary';
  return 'multistate';
}

export function objectRole(type: ObjectTypeName): ObjectRole {
  if (type.endsWith('input')) return 'input';
  if (type.endsWith('output')) return 'output';
  return 'value';
}

const kebab = (enumKey: string) => enumKey.toLowerCase().replaceAll('_', '-');

/** Engineering units by kebab-case name ("degrees-fahrenheit", "inches-of-water"), from the library's enum. */
export const engineeringUnitsByName: ReadonlyMap<string, number> = new Map(
  Object.entries(EngineeringUnits)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
    .map(([key, value]) => [kebab(key), value]),
);

const knownUnitNumbers = new Set(engineeringUnitsByName.values());

/** Resolves a units field (a name or a number) to the enumeration value, or undefined when unknown. */
export function resolveUnits(units: string | number): number | undefined {
  if (typeof units === 'number') return knownUnitNumbers.has(units) || units >= 256 ? units : undefined;
  return engineeringUnitsByName.get(units);
}
