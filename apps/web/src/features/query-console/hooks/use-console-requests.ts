import { useState } from 'react';
import { discoveredDeviceSchema } from '@syrx/contracts/realtime';
import { useRealtime } from '../../../lib/realtime/realtime-provider';
import { errorText } from '../../../lib/realtime/request-answers';
import { type ReadPropertyFormValues, readDescription, toReadPropertyFields } from '../utils/read-property-form';
import { type AppendToLog, valueText } from './use-query-log';

const deviceText = (data: unknown): string => {
  const d = discoveredDeviceSchema.safeParse(data);
  if (!d.success) return `Found ${JSON.stringify(data)}`;
  const destination = d.data.DestinationNetwork > 0 ? `, destination ${d.data.DestinationMacAddress} [${d.data.DestinationNetwork}]` : '';
  return `Found device ${d.data.InstanceNumber} at ${d.data.MacAddress} [${d.data.Network}]${destination}`;
};

/** The console's ReadProperty and DiscoverDevices requests, each writing its results and errors to the log. */
export function useConsoleRequests(controllerId: string, append: AppendToLog) {
  const client = useRealtime();
  const [reading, setReading] = useState(0);
  const [discovering, setDiscovering] = useState(false);

  const read = (values: ReadPropertyFormValues) => {
    const fields = toReadPropertyFields(values);
    const what = readDescription(fields);
    append(`Read ${what}`);
    setReading((n) => n + 1);
    client
      .request(controllerId, { requestType: 'ReadProperty', ...fields })
      .result.then((data) => append(`${what} = ${valueText(data)}`), (error: unknown) => append(`${what}: ${errorText(error)}`, true))
      .finally(() => setReading((n) => n - 1));
  };

  const discover = (network: number | null) => {
    append(network === null ? 'Discover devices on every network' : `Discover devices on network ${network}`);
    setDiscovering(true);
    client
      .request(controllerId, { requestType: 'DiscoverDevices', network }, { onData: (data) => append(deviceText(data)) })
      .result.then(
        (all) => append(`Discovery finished: ${Array.isArray(all) ? all.length : 0} devices answered`),
        (error: unknown) => append(`Discover devices: ${errorText(error)}`, true),
      )
      .finally(() => setDiscovering(false));
  };

  return { read, reading: reading > 0, discover, discovering };
}
