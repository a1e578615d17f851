import { hasDestination, objectIdLabel, objectTypes, propertyIdentifierName, propertyIds } from '@syrx/contracts/bacnet';
import type { BacnetPoint } from '@syrx/contracts/points';
import type { ReadPropertyFields } from '@syrx/contracts/realtime';

/** The Read property form as typed: text fields, and the two searchable selects. */
export interface ReadPropertyFormValues {
  macAddress: string;
  network: string;
  destinationMacAddress: string;
  destinationNetwork: string;
  instanceNumber: string;
  objectType: number;
  propertyId: number;
  propertyIndex: string;
}

/** Defaults: property 77 (object name) of object type 8 (device) (spec 01 section 5). */
export const readPropertyDefaults: ReadPropertyFormValues = {
  macAddress: '',
  network: '',
  destinationMacAddress: '',
  destinationNetwork: '',
  instanceNumber: '',
  objectType: objectTypes.device,
  propertyId: propertyIds.objectName,
  propertyIndex: '',
};

export const requiredFields = { macAddress: 'MAC address', network: 'Network', instanceNumber: 'Instance number' } as const;
export const notAnInteger = 'Enter a whole number';

/** True for text that is an integer as the form reads it (surrounding spaces allowed). */
export const isInteger = (text: string): boolean => /^\s*-?\d+\s*$/.test(text);

const integer = (text: string): number => Number.parseInt(text.trim(), 10);
/** Optional fields: empty becomes null. */
const optionalInteger = (text: string): number | null => (text.trim() === '' ? null : integer(text));

/** The ReadProperty request's fields: integers parsed, empty optional fields null. */
export function toReadPropertyFields(v: ReadPropertyFormValues): ReadPropertyFields {
  const destination = v.destinationMacAddress.trim();
  return {
    macAddress: v.macAddress.trim(),
    network: integer(v.network),
    destinationMacAddress: destination === '' ? null : destination,
    destinationNetwork: optionalInteger(v.destinationNetwork),
    instanceNumber: integer(v.instanceNumber),
    objectType: v.objectType,
    propertyId: v.propertyId,
    propertyIndex: optionalInteger(v.propertyIndex),
  };
}

/** "Pick a point": the point's device address, and the point's object type and instance. */
export function pickedPointValues(p: BacnetPoint): Partial<ReadPropertyFormValues> {
  const destination = {
    destination_mac_address: p.syrx_controller_bacnet_device_destination_mac_address,
    destination_network: p.syrx_controller_bacnet_device_destination_network,
  };
  const routed = hasDestination(destination);
  return {
    macAddress: p.syrx_controller_bacnet_device_mac_address,
    network: String(p.syrx_controller_bacnet_device_network),
    destinationMacAddress: routed ? destination.destination_mac_address : '',
    destinationNetwork: routed ? String(destination.destination_network) : '',
    instanceNumber: String(p.instance_number),
    objectType: p.object_type,
  };
}

/** How the log names a read: "OBJECT_DEVICE:1501 OBJECT_NAME" (with [index] when one was asked). */
export function readDescription(f: ReadPropertyFields): string {
  const index = f.propertyIndex === null || f.propertyIndex === undefined ? '' : `[${f.propertyIndex}]`;
  return `${objectIdLabel(f.objectType, f.instanceNumber)} ${propertyIdentifierName(f.propertyId)}${index} at ${f.macAddress} [${f.network}]`;
}
