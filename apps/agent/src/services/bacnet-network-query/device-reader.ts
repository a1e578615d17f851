import { ObjectType, PropertyIdentifier as P } from '@bacnet-js/client';
import type { DeviceProperties } from '@syrx/contracts/devices';
import type { DeviceTargetFields } from '@syrx/contracts/realtime';
import { numberOf, textOf } from '../../bacnet/app-data.ts';
import { toReceiver } from '../../bacnet/bacnet-address.ts';
import type { BacnetNetwork } from '../../bacnet/bacnet-network.ts';
import { readMany, type PropertyResult } from '../../bacnet/property-reads.ts';

const deviceProperties = [P.OBJECT_NAME, P.VENDOR_NAME, P.DESCRIPTION, P.MODEL_NAME, P.DATABASE_REVISION] as const;

/**
 * Reads what the console shows of a device (ReloadDevice): object-name, vendor-name, description, model-name and
 * database-revision of its device object, in one ReadPropertyMultiple where the device has it. A property the
 * device does not have is null. A device that does not answer, or has no device object of that instance (the
 * address holds another device), rejects.
 */
export async function readDeviceProperties(net: BacnetNetwork, target: DeviceTargetFields, signal?: AbortSignal): Promise<DeviceProperties> {
  const device = { type: ObjectType.DEVICE, instance: target.instanceNumber };
  const refs = deviceProperties.map((propertyId) => ({ objectId: device, propertyId }));
  const results = await readMany(net, toReceiver(target), refs, { signal, replyOctetsPerProperty: 40 });
  const [name, vendor, description, model, revision] = results as [PropertyResult, PropertyResult, PropertyResult, PropertyResult, PropertyResult];
  if (!name.ok && name.error.isUnknownObject) throw name.error;
  return {
    name: textOf(name),
    vendor_name: textOf(vendor),
    description: textOf(description),
    model_name: textOf(model),
    database_revision: numberOf(revision),
  };
}
