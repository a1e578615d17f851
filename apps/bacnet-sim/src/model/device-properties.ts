import {
  ObjectType,
  ObjectTypesSupported,
  ObjectTypesSupportedBitString,
  PropertyIdentifier as P,
  ServicesSupported as S,
  ServicesSupportedBitString,
} from '@bacnet-js/client';
import { objectTypeNumbers } from '../bacnet-names.ts';
import { appData, arrayOf, scalar, type PropertyValue } from './property-value.ts';
import type { SimDevice } from './sim-device.ts';

export const protocolRevision = 14;

/** Properties of the device object, in property-list order. */
export const devicePropertyList: readonly P[] = [
  P.SYSTEM_STATUS, P.VENDOR_NAME, P.VENDOR_IDENTIFIER, P.MODEL_NAME, P.FIRMWARE_REVISION, P.APPLICATION_SOFTWARE_VERSION,
  P.LOCATION, P.DESCRIPTION, P.PROTOCOL_VERSION, P.PROTOCOL_REVISION, P.PROTOCOL_SERVICES_SUPPORTED,
  P.PROTOCOL_OBJECT_TYPES_SUPPORTED, P.OBJECT_LIST, P.MAX_APDU_LENGTH_ACCEPTED, P.SEGMENTATION_SUPPORTED,
  P.APDU_TIMEOUT, P.NUMBER_OF_APDU_RETRIES, P.DEVICE_ADDRESS_BINDING, P.DATABASE_REVISION,
];

function servicesSupported(device: SimDevice): ServicesSupportedBitString {
  const services = [S.READ_PROPERTY, S.WRITE_PROPERTY, S.WHO_IS, S.I_AM];
  if (device.supportsRpm) services.push(S.READ_PROPERTY_MULTIPLE);
  if (device.supportsCov) services.push(S.SUBSCRIBE_COV);
  return new ServicesSupportedBitString(...services);
}

const pointTypes = Object.values(objectTypeNumbers) as number[] as ObjectTypesSupported[];
const objectTypesSupported = new ObjectTypesSupportedBitString(ObjectTypesSupported.DEVICE, ...pointTypes);

function objectList(device: SimDevice): PropertyValue {
  const list = device.objectList();
  return { kind: 'array', length: list.length, item: (i) => appData.objectId(list[i - 1] ?? device.id) };
}

const readers: Partial<Record<P, (device: SimDevice) => PropertyValue>> = {
  [P.OBJECT_IDENTIFIER]: (d) => scalar(appData.objectId(d.id)),
  [P.OBJECT_NAME]: (d) => scalar(appData.string(d.name)),
  [P.OBJECT_TYPE]: () => scalar(appData.enumerated(ObjectType.DEVICE)),
  [P.PROPERTY_LIST]: () => arrayOf(devicePropertyList.map((p) => appData.enumerated(p))),
  [P.OBJECT_LIST]: objectList,
  [P.SYSTEM_STATUS]: () => scalar(appData.enumerated(0)), // operational
  [P.VENDOR_NAME]: (d) => scalar(appData.string(d.vendorName)),
  [P.VENDOR_IDENTIFIER]: (d) => scalar(appData.unsigned(d.vendorId)),
  [P.MODEL_NAME]: (d) => scalar(appData.string(d.modelName)),
  [P.FIRMWARE_REVISION]: (d) => scalar(appData.string(d.firmwareRevision)),
  [P.APPLICATION_SOFTWARE_VERSION]: (d) => scalar(appData.string(d.applicationSoftwareVersion)),
  [P.LOCATION]: (d) => scalar(appData.string(d.location)),
  [P.DESCRIPTION]: (d) => scalar(appData.string(d.description)),
  [P.PROTOCOL_VERSION]: () => scalar(appData.unsigned(1)),
  [P.PROTOCOL_REVISION]: () => scalar(appData.unsigned(protocolRevision)),
  [P.PROTOCOL_SERVICES_SUPPORTED]: (d) => scalar(appData.bitString(servicesSupported(d))),
  [P.PROTOCOL_OBJECT_TYPES_SUPPORTED]: () => scalar(appData.bitString(objectTypesSupported)),
  [P.MAX_APDU_LENGTH_ACCEPTED]: (d) => scalar(appData.unsigned(d.maxApdu)),
  [P.SEGMENTATION_SUPPORTED]: (d) => scalar(appData.enumerated(d.segmentation)),
  [P.APDU_TIMEOUT]: () => scalar(appData.unsigned(3000)),
  [P.NUMBER_OF_APDU_RETRIES]: () => scalar(appData.unsigned(3)),
  [P.DEVICE_ADDRESS_BINDING]: () => scalar(), // an empty list
  [P.DATABASE_REVISION]: (d) => scalar(appData.unsigned(d.databaseRevision)),
};

/** A property of the device object, or undefined when the device object has no such property. */
export function deviceProperty(device: SimDevice, id: P): PropertyValue | undefined {
  return readers[id]?.(device);
}
