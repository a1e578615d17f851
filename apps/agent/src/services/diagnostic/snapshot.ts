import type { DiagnosticsSnapshot } from '@syrx/contracts/diagnostics';
import { networkInterfacesText } from './network-interfaces.ts';
import { readProcesses, topProcesses } from './processes.ts';
import type { RabbitMqReader } from './rabbitmq.ts';

/** Processes listed per snapshot: the largest this many by cpu and by memory (and the agent). */
export const snapshotTopProcesses = 50;

/**
 * One diagnostics snapshot: the largest processes, the network interfaces as text and the broker's metrics, at
 * the time it was begun.
 */
export async function takeSnapshot(rabbit: RabbitMqReader, now = new Date()): Promise<DiagnosticsSnapshot> {
  const processes = topProcesses(await readProcesses(), snapshotTopProcesses);
  const networkText = await networkInterfacesText();
  const rabbitmq = await rabbit.read(now);
  return { timestamp: now.getTime(), processes, network_interface_information: networkText, rabbitmq };
}
