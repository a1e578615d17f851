import { z } from 'zod';
import { engineeringUnitNames, objectTypeNames, propertyIdentifierNames } from './bacnet-enums.ts';

/** BACnet limits and defaults the console relies on (spec 01 sections 5 and 9). */
export const bacnetLimits = {
  /** The highest device or object instance number (4194303 is the wildcard). */
  maxInstance: 4194303,
  maxNetwork: 65534,
  /** Standard object types run 0–64 (135-2020 and addenda); proprietary ones 128–1023. */
  maxObjectType: 1023,
  /** Points read per device, at most (object-list indices start at 1). */
  maxPointsPerDevice: 2000,
  /** Points per upload batch. */
  pointBatchSize: 500,
} as const;

export const objectTypes = { analogInput: 0, analogOutput: 1, analogValue: 2, binaryInput: 3, binaryOutput: 4, binaryValue: 5, device: 8, multiStateInput: 13, multiStateOutput: 14, multiStateValue: 19 } as const;
export const propertyIds = { objectList: 76, objectName: 77, description: 28, vendorName: 121, modelName: 70, databaseRevision: 155, presentValue: 85, units: 117 } as const;

/** "ANALOG_INPUT" for 0; a proprietary type (128–1023) reads "PROPRIETARY_130", a number the standard has not assigned "RESERVED_99". */
export function objectTypeName(type: number): string {
  return objectTypeNames[type] ?? (type >= 128 ? `PROPRIETARY_${type}` : `RESERVED_${type}`);
}

/** The console's label of an object type: "OBJECT_DEVICE" for 8 (spec 01 section 9). */
export const objectTypeLabel = (type: number): string => `OBJECT_${objectTypeName(type)}`;

/** The console's object id: "OBJECT_ANALOG_INPUT:3". */
export const objectIdLabel = (type: number, instance: number): string => `${objectTypeLabel(type)}:${instance}`;

/** Words of object type names that the standard writes as one ("BitString Value", "Multi-state Input"). */
const standardWords: Readonly<Record<string, string>> = {
  MULTI_STATE: 'Multi-state', BITSTRING: 'BitString', CHARACTERSTRING: 'CharacterString', OCTETSTRING: 'OctetString',
  DATETIMEPATTERN: 'DateTime Pattern', DATETIME: 'DateTime', DATEPATTERN: 'Date Pattern', TIMEPATTERN: 'Time Pattern',
};

/** Proprietary and unassigned numbers as BACnet tools write them: "proprietary-130", "reserved-99". */
const unnamed = /^(PROPRIETARY|RESERVED)_(\d+)$/;

/** An object type as the BACnet standard names it: "Analog Input" for ANALOG_INPUT (or OBJECT_ANALOG_INPUT), "proprietary-130". */
export function standardObjectTypeName(key: string): string {
  const words: string[] = [];
  let rest = key.replace(/^OBJECT_/, '');
  const number = unnamed.exec(rest);
  if (number) return `${(number[1] as string).toLowerCase()}-${number[2]}`;
  while (rest !== '') {
    const special = Object.keys(standardWords).find((k) => rest === k || rest.startsWith(`${k}_`));
    const word = special ?? rest.split('_')[0] ?? rest;
    words.push(special ? (standardWords[special] as string) : word.charAt(0) + word.slice(1).toLowerCase());
    rest = rest.slice(word.length + 1);
  }
  return words.join(' ');
}

/** A point's object as the standard names it, "Analog Input 1" for the console's key "OBJECT_ANALOG_INPUT:1" (other text as it is). */
export function standardObjectName(objectId: string): string {
  const m = /^(OBJECT_[A-Z0-9_]+):(\d+)$/.exec(objectId);
  return m ? `${standardObjectTypeName(m[1] as string)} ${m[2]}` : objectId;
}

/** "OBJECT_NAME" for 77; 512–4194303 are proprietary ("proprietary-600"), other numbers not yet assigned ("reserved-4194400"). */
export const propertyIdentifierName = (id: number): string =>
  propertyIdentifierNames[id] ?? (id >= 512 && id <= 4194303 ? `proprietary-${id}` : `reserved-${id}`);
export const engineeringUnitName = (id: number): string => engineeringUnitNames[id] ?? `UNITS_${id}`;

/** Lookup options for the query console: the standard object types and property identifiers, by number. */
export const objectTypeOptions = Object.entries(objectTypeNames).map(([v, name]) => ({ value: Number(v), label: `${v} ${name}` }));
export const propertyIdentifierOptions = Object.entries(propertyIdentifierNames).map(([v, name]) => ({ value: Number(v), label: `${v} ${name}` }));

const octet = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const ipPort = new RegExp(`^${octet}(\\.${octet}){3}(:\\d{1,5})?$`);
const hexMac = /^[0-9a-f]{2}(:[0-9a-f]{2}){0,6}$/i;

export const bacnetMessages = {
  invalidMac: 'Enter an IPv4 address with an optional port (192.168.1.20:47808)',
  invalidDestinationMac: 'Enter an IPv4 address with port, or hex bytes such as 0b or 0a:1f',
  invalidNetwork: 'Enter a network number from 0 to 65534',
  invalidInstance: 'Enter an instance number from 0 to 4194303',
  deviceExists: "The provided BACnet device already exists, it can't be re-added",
} as const;

/**
 * The MAC of a device reached without router addressing (spec: "{ip}:0" with network 0). We read the
 * specification's {ip} as a redacted address and use the unspecified address.
 */
export const noDestinationMac = '0.0.0.0:0';

/** A BACnet/IP MAC as "ip:port"; a missing port is the default 47808. */
export const bacnetIpMacSchema = z
  .string()
  .trim()
  .regex(ipPort, bacnetMessages.invalidMac)
  .transform((s) => (s.includes(':') ? s : `${s}:47808`))
  .refine((s) => Number(s.split(':')[1]) <= 65535, bacnetMessages.invalidMac);

/** A destination MAC (DADR): "ip:port" for BACnet/IP behind a router, else 1–7 hex bytes; "{ip}:0" means none. */
export const destinationMacSchema = z
  .string()
  .trim()
  .refine((s) => ipPort.test(s) || hexMac.test(s), bacnetMessages.invalidDestinationMac)
  .transform((s) => s.toLowerCase());

export const networkNumberSchema = z.coerce.number({ error: bacnetMessages.invalidNetwork }).int(bacnetMessages.invalidNetwork).min(0, bacnetMessages.invalidNetwork).max(bacnetLimits.maxNetwork, bacnetMessages.invalidNetwork);
export const instanceNumberSchema = z.coerce.number({ error: bacnetMessages.invalidInstance }).int(bacnetMessages.invalidInstance).min(0, bacnetMessages.invalidInstance).max(bacnetLimits.maxInstance, bacnetMessages.invalidInstance);

/** Where a device is on the BACnet internetwork, as the console writes it. */
export const deviceAddressSchema = z.object({
  mac_address: z.string(),
  network: z.number().int(),
  destination_mac_address: z.string(),
  destination_network: z.number().int(),
  instance_number: z.number().int(),
});
export type DeviceAddress = z.infer<typeof deviceAddressSchema>;

/** True when the device is reached through a router (DNET/DADR). */
export const hasDestination = (a: Pick<DeviceAddress, 'destination_network' | 'destination_mac_address'>): boolean =>
  a.destination_network > 0 && a.destination_mac_address !== noDestinationMac;

/** "127.0.10.11:47808 [0]" as the device detail shows a MAC address with its network. */
export const macWithNetwork = (a: Pick<DeviceAddress, 'mac_address' | 'network'>): string => `${a.mac_address} [${a.network}]`;
