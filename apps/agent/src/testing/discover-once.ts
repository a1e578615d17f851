/**
 * One discovery from a given address, as the agent runs it: a Who-Is broadcast (no BBMD) to the given broadcast
 * address, the devices that answered printed as JSON. The broadcast-discovery test runs it inside a network
 * namespace of its own (`ip netns exec … node --import tsx discover-once.ts --address … --broadcast …`).
 */
import { parseArgs } from 'node:util';
import { BacnetNetwork } from '../bacnet/bacnet-network.ts';
import { silentLogger } from '../logger.ts';
import { discoverDevices } from '../services/bacnet-network-query/discovery.ts';

const { values } = parseArgs({
  options: {
    address: { type: 'string' },
    broadcast: { type: 'string', default: '255.255.255.255' },
    'duration-ms': { type: 'string', default: '5000' },
    'quiet-ms': { type: 'string', default: '1000' },
  },
});
if (!values.address) throw new Error('discover-once needs --address IP');

const net = new BacnetNetwork({ address: values.address, port: 47808, broadcastAddress: values.broadcast, logger: silentLogger });
try {
  await net.ready();
  const devices = await discoverDevices(net, { durationMs: Number(values['duration-ms']), quietMs: Number(values['quiet-ms']), bbmds: [] }, () => undefined);
  process.stdout.write(`${JSON.stringify(devices)}\n`);
} finally {
  net.close();
}
