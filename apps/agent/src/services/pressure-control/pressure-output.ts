import { ApplicationTag, type BACNetObjectID } from '@bacnet-js/client';
import { propertyIds } from '@syrx/contracts/bacnet';
import type { PressureAgentConfig, PressurePointAddress, PressureStatus } from '@syrx/contracts/pressure-control';
import { toReceiver } from '../../bacnet/bacnet-address.ts';
import type { BacnetNetwork } from '../../bacnet/bacnet-network.ts';
import type { IterationFailures } from './pressure-failures.ts';
import { describePoint } from './pressure-reads.ts';

/** Where Pnorm is commanded: the output point at the write priority. */
export interface OutputTarget {
  point: PressurePointAddress;
  priority: number;
}

const keyOf = (t: OutputTarget) => {
  const p = t.point;
  return [p.mac_address, p.network, p.destination_mac_address, p.destination_network, p.device_instance_number, p.object_type, p.instance_number, t.priority].join('|');
};
const receiverOf = (p: PressurePointAddress) => toReceiver({ macAddress: p.mac_address, network: p.network, destinationMacAddress: p.destination_mac_address, destinationNetwork: p.destination_network });
const objectOf = (p: PressurePointAddress): BACNetObjectID => ({ type: p.object_type, instance: p.instance_number });

/** The configured output (point and priority), whether or not output is enabled. */
export function configuredOutput(c: PressureAgentConfig): OutputTarget | null {
  return c.pnorm_output_point ? { point: c.pnorm_output_point, priority: c.write_priority } : null;
}

/** The output to write this iteration: the configured one while the service runs with output enabled. */
export function activeOutput(c: PressureAgentConfig): OutputTarget | null {
  return c.enabled && c.is_output_enabled ? configuredOutput(c) : null;
}

/**
 * Our command on the output: what we may hold (written, or tried to: a write whose answer was lost may have landed)
 * and what is to be relinquished — the held command once output is switched off, the service disabled, or the
 * output point or priority changed. A relinquish that fails is tried again at the next iteration. At the first
 * configuration after start, a configured output with output off is relinquished once: an agent that restarted does
 * not know whether it left a command there.
 */
export class OutputCommand {
  private held: OutputTarget | null = null;
  private desired: string | null = null;
  private readonly releasing = new Map<string, OutputTarget>();
  private planned = false;

  plan(config: PressureAgentConfig): void {
    const desired = activeOutput(config);
    const configured = configuredOutput(config);
    this.desired = desired && keyOf(desired);
    if (!this.planned && !desired && configured) this.releasing.set(keyOf(configured), configured);
    this.planned = true;
    if (this.held && (!desired || keyOf(desired) !== keyOf(this.held))) {
      this.releasing.set(keyOf(this.held), this.held);
      this.held = null;
    }
    if (desired) this.releasing.delete(keyOf(desired)); // it is written again, not released
  }

  /** Something is still to be relinquished. */
  get pending(): boolean {
    return this.releasing.size > 0;
  }

  get holding(): boolean {
    return this.held !== null;
  }

  /** Relinquishes every pending command; the last one released, or null. A failure stays pending. */
  async relinquishPending(net: BacnetNetwork, failures: IterationFailures): Promise<PressureStatus['relinquished']> {
    let released: PressureStatus['relinquished'] = null;
    for (const [key, t] of [...this.releasing]) {
      try {
        await net.relinquish(receiverOf(t.point), objectOf(t.point), t.priority);
        this.releasing.delete(key);
        released = { point_id: t.point.id, priority: t.priority, timestamp: Date.now() };
      } catch (err) {
        failures.add(err, `Relinquishing priority ${t.priority} of the output ${describePoint(t.point)}`);
      }
    }
    return released;
  }

  /**
   * Writes a value (in the point's units) to present-value at the target's priority; rejects as the device refuses.
   * Null, writing nothing, when the configuration changed during the iteration and no longer names this target.
   */
  async write(net: BacnetNetwork, target: OutputTarget, value: number): Promise<PressureStatus['write']> {
    if (keyOf(target) !== this.desired) return null;
    this.held = target;
    await net.writeProperty(receiverOf(target.point), objectOf(target.point), propertyIds.presentValue, [{ type: ApplicationTag.REAL, value }], { priority: target.priority });
    return { point_id: target.point.id, value, priority: target.priority, timestamp: Date.now() };
  }
}
