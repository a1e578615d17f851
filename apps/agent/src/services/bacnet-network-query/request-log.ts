import { objectIdLabel, propertyIdentifierName, standardObjectName } from '@syrx/contracts/bacnet';
import { isDeviceException } from '@syrx/contracts/realtime';
import type { Logger } from '../../logger.ts';
import { exceptionTypeOf } from '../service-module.ts';

/** Where a request goes: the MAC address, and the remote network and MAC behind a router when there is one. */
interface DeviceAddressFields {
  macAddress: string;
  destinationMacAddress?: string | null | undefined;
  destinationNetwork?: number | null | undefined;
}

/** "127.0.10.2:47808", or "127.0.10.2:47808 → network 1001 MAC 03" for a device behind a router. */
export function addressLabel(f: DeviceAddressFields): string {
  const routed = f.destinationNetwork && f.destinationMacAddress ? ` → network ${f.destinationNetwork} MAC ${f.destinationMacAddress}` : '';
  return `${f.macAddress}${routed}`;
}

/** "device 1001003 at 127.0.10.2:47808 → network 1001 MAC 03". */
export const deviceLabel = (f: DeviceAddressFields & { instanceNumber: number }): string => `device ${f.instanceNumber} at ${addressLabel(f)}`;

/** The object as the standard names it: "Analog Input 3". */
export const objectLabel = (type: number, instance: number): string => standardObjectName(objectIdLabel(type, instance));

/** "PRESENT_VALUE", or "PRIORITY_ARRAY[8]". */
export const propertyLabel = (id: number, index?: number | null): string => `${propertyIdentifierName(id)}${index === null || index === undefined ? '' : `[${index}]`}`;

/**
 * The query service's log of its requests, at info with the device and object of each (they stream to the live log
 * and ship to the service log): `started` for the long ones, `done` with what came of it, `failed` with the
 * exception the console is answered with (warn when the device failed, error when the agent did).
 */
export function requestLogger(logger: Logger) {
  return {
    started(what: string, context: Record<string, unknown>): void {
      logger.info(context, `${what}: started`);
    },
    async run<T>(what: string, context: Record<string, unknown>, work: () => Promise<T>, outcome: (result: T) => Record<string, unknown>): Promise<T> {
      try {
        const result = await work();
        logger.info({ ...context, ...outcome(result) }, what);
        return result;
      } catch (err) {
        const exception = exceptionTypeOf(err);
        const failed = { ...context, exception, err: err instanceof Error ? err.message : String(err) };
        if (isDeviceException(exception)) logger.warn(failed, `${what}: failed`);
        else logger.error(failed, `${what}: failed`);
        throw err;
      }
    },
  };
}
