import { ObjectType, PropertyIdentifier, type BACNetAddress } from '@bacnet-js/client';
import { toBacnetError } from './bacnet-errors.ts';
import type { BacnetNetwork } from './bacnet-network.ts';
import type { PeerInfo } from './peer-info.ts';

/**
 * Makes sure the device's max APDU and segmentation are known before a long read: from its I-Am when discovery
 * heard one, else read from its device object (max-apdu-length-accepted, segmentation-supported). A property the
 * device does not give stays unknown (the conservative defaults apply); a device that does not answer rejects.
 */
export async function ensurePeerProfile(net: BacnetNetwork, receiver: BACNetAddress, deviceInstance: number): Promise<PeerInfo> {
  const known = net.peers.get(receiver);
  if (known.maxApdu !== undefined && known.segmentation !== undefined) return known;
  const device = { type: ObjectType.DEVICE, instance: deviceInstance };
  const read = async (property: number): Promise<number | undefined> => {
    try {
      const [first] = await net.readProperty(receiver, device, property);
      return typeof first?.value === 'number' ? first.value : undefined;
    } catch (err) {
      const e = toBacnetError(err);
      if (e.kind === 'error' || e.kind === 'abort') return undefined;
      throw e;
    }
  };
  const [maxApdu, segmentation] = await Promise.all([
    known.maxApdu ?? read(PropertyIdentifier.MAX_APDU_LENGTH_ACCEPTED),
    known.segmentation ?? read(PropertyIdentifier.SEGMENTATION_SUPPORTED),
  ]);
  net.peers.learn(receiver, { ...(maxApdu !== undefined && { maxApdu }), ...(segmentation !== undefined && { segmentation }) });
  return net.peers.get(receiver);
}
