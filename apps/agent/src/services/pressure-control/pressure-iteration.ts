import { transmitterLabel, type PressureAgentConfig, type PressureStatus } from '@syrx/contracts/pressure-control';
import type { BacnetNetwork } from '../../bacnet/bacnet-network.ts';
import { IterationFailures, PressureControlError } from './pressure-failures.ts';
import { computePnorm, type TransmitterReading } from './pressure-formula.ts';
import { activeOutput, type OutputCommand } from './pressure-output.ts';
import { describePoint, readPoints, type ReadOutcome, type WantedPoint } from './pressure-reads.ts';
import { fromInchesWc, toFahrenheit, toInchesWc, unitsFromName } from './pressure-units.ts';

/** The agent's BACnet interface as the loop needs it (the query service's BacnetInterface fits). */
export interface NetworkSource {
  /** The open network; rejects while the interface is not bound. */
  network(): Promise<BacnetNetwork>;
}

const maxReportedTransmitters = 100;

/**
 * One iteration of the loop: relinquishes what is to be released, then — while the service is enabled — reads the OAT
 * and the transmitters, computes Pnorm and writes it when output is enabled. Never rejects: every failure becomes the
 * status's exception, and what did work is reported beside it.
 */
export async function runIteration(source: NetworkSource, config: PressureAgentConfig, output: OutputCommand): Promise<PressureStatus> {
  const failures = new IterationFailures();
  const status: PressureStatus = { timestamp: Date.now(), oat: null, transmitters: [], pnorm: null, write: null, relinquished: null, exception: null };
  try {
    const net = await source.network();
    status.relinquished = await output.relinquishPending(net, failures);
    if (config.enabled) await measureAndWrite(net, config, output, status, failures);
  } catch (err) {
    failures.add(err); // the interface is not open, or a fault of ours: reported all the same
  }
  status.exception = failures.toException();
  return status;
}

async function measureAndWrite(net: BacnetNetwork, config: PressureAgentConfig, output: OutputCommand, status: PressureStatus, failures: IterationFailures): Promise<void> {
  const target = activeOutput(config);
  const wanted: WantedPoint[] = [
    ...(config.oat_point ? [{ key: 'oat', point: config.oat_point, presentValue: true }] : []),
    ...config.transmitters.map((t) => ({ key: `t${t.id}`, point: t.point, presentValue: true })),
    ...(target ? [{ key: 'output', point: target.point, presentValue: false }] : []),
  ];
  const readings = await readPoints(net, wanted);
  const reading = (key: string): ReadOutcome => readings.get(key) ?? { ok: false, error: new Error('not read') };

  let outdoorF: number | null = null;
  if (!config.oat_point) failures.add(new PressureControlError('No outside-air temperature point is configured; nothing is written.'));
  else {
    const what = `The outside-air temperature ${describePoint(config.oat_point)}`;
    const r = reading('oat');
    try {
      if (!r.ok) throw r.error;
      outdoorF = toFahrenheit(r.reading.value, r.reading.units, what);
      status.oat = { value: outdoorF, timestamp: r.reading.time };
    } catch (err) {
      failures.add(err, what);
    }
  }

  const measured: (TransmitterReading & { time: number })[] = [];
  for (const t of config.transmitters) {
    const what = `${transmitterLabel(t.num)} ${describePoint(t.point)}`;
    const r = reading(`t${t.id}`);
    try {
      if (!r.ok) throw r.error;
      measured.push({ id: t.id, heightFt: t.height_ft, pressure: toInchesWc(r.reading.value, r.reading.units, what), time: r.reading.time });
    } catch (err) {
      failures.add(err, what);
    }
  }

  const npl = config.neutral_plane_height;
  if (npl === null) return failures.add(new PressureControlError('No neutral plane height is configured; nothing is written.'));
  if (outdoorF === null) return; // why is recorded above
  if (measured.length === 0) {
    const why = config.transmitters.length === 0 ? 'No transmitter is configured' : 'No transmitter answered';
    return failures.add(new PressureControlError(`${why}; nothing is written.`));
  }
  const result = computePnorm(measured, { neutralPlaneFt: npl, outdoorF, indoorF: config.indoor_temperature_f });
  const now = Date.now();
  status.transmitters = result.transmitters.slice(0, maxReportedTransmitters).map((t, i) => ({ ...t, timestamp: measured[i]?.time ?? now }));
  if (result.pnorm === null) return;
  status.pnorm = { value: result.pnorm, timestamp: now };

  if (!target) return;
  const what = `Writing Pnorm to the output ${describePoint(target.point)} at priority ${target.priority}`;
  try {
    const out = reading('output');
    // Units as the device says; the configuration's when the point could not be read (the write then tells why).
    const units = out.ok ? out.reading.units : unitsFromName(target.point.units);
    status.write = await output.write(net, target, fromInchesWc(result.pnorm, units, what));
  } catch (err) {
    failures.add(err, what);
  }
}
