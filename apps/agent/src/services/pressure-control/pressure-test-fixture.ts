import { ObjectType } from '@bacnet-js/client';
import type { AgentConfig } from '@syrx/contracts/agent-protocol';
import { agentEvents } from '@syrx/contracts/agent-protocol';
import { pressureStatusSchema, type PressureAgentConfig, type PressurePointAddress, type PressureStatus } from '@syrx/contracts/pressure-control';
import { silentLogger } from '../../logger.ts';
import { eventually, simPoint } from '../../testing/reporting-fixture.ts';
import type { SimFixture } from '../../testing/sim-fixture.ts';
import type { ServiceContext } from '../service-module.ts';
import { createPressureControlService, type PressureControlService } from './pressure-control.service.ts';

/** The demo building's pressure points: WS-1 (1301) OAT, BPC-1 (1401) BPT-1…4 at 4, 52, 112, 172 ft and the output AO:1. */
export const demo = {
  ws1: 1301,
  bpc1: 1401,
  oat: { type: ObjectType.ANALOG_INPUT, instance: 1 },
  bpt: [1, 2, 3, 4].map((instance) => ({ type: ObjectType.ANALOG_INPUT, instance })),
  heightsFt: [4, 52, 112, 172],
  output: { type: ObjectType.ANALOG_OUTPUT, instance: 1 },
  setpoint: { type: ObjectType.ANALOG_VALUE, instance: 1 },
} as const;

/** A point of the simulated building as AgentConfig.pressure_control lists it. */
export function pressurePoint(sim: SimFixture, id: number, device: number, object: { type: number; instance: number }, units: string | null): PressurePointAddress {
  return { ...simPoint(sim, id, device, object.type, object.instance), units };
}

/** The demo building's pressure control as the server would push it (neutral plane 88 ft, every second, priority 10). */
export function demoPressureConfig(sim: SimFixture, o: Partial<PressureAgentConfig> = {}): PressureAgentConfig {
  return {
    enabled: true,
    neutral_plane_height: 88,
    is_output_enabled: true,
    indoor_temperature_f: 70,
    interval_seconds: 1,
    write_priority: 10,
    oat_point: pressurePoint(sim, 1, demo.ws1, demo.oat, 'DEGREES_FAHRENHEIT'),
    pnorm_output_point: pressurePoint(sim, 10, demo.bpc1, demo.output, 'INCHES_OF_WATER'),
    transmitters: demo.bpt.map((object, i) => ({ id: 101 + i, num: i + 1, height_ft: demo.heightsFt[i] ?? 0, point: pressurePoint(sim, 21 + i, demo.bpc1, object, 'INCHES_OF_WATER') })),
    ...o,
  };
}

export const agentConfig = (pressure: PressureAgentConfig): AgentConfig => ({
  enabled_services: [], devices: [], bacnet: null, reporting: { enabled: false, poll_seconds: 60, points: [] }, pressure_control: pressure,
});

/** Pins what WS-1 and BPC-1 read (the values go over the wire as REAL, hence float32). */
export function pin(sim: SimFixture, oatF: number, pressures: readonly number[]): void {
  sim.site.setValue(demo.ws1, demo.oat, oatF);
  demo.bpt.forEach((object, i) => sim.site.setValue(demo.bpc1, object, pressures[i] ?? null));
}

/** docs/pressure-control.md written out again, independently of the service, for the expected values. */
export function expectedPnorm(oatF: number, readings: readonly { heightFt: number; pressure: number }[], npl = 88, indoorF = 70): number {
  const stack = (h: number) => 7.64 * (h - npl) * (1 / (oatF + 459.67) - 1 / (indoorF + 459.67));
  return readings.reduce((sum, r) => sum + r.pressure - stack(r.heightFt), 0) / readings.length;
}

/** The server's end of agent/server/pressure-status: keeps every status, checked against the contract, and acknowledges. */
export function statusRecorder() {
  const statuses: PressureStatus[] = [];
  const invalid: unknown[] = [];
  /** While down, every status is lost and its acknowledgement times out. */
  const state = { down: false };
  const context: ServiceContext = {
    async emitWithAck(event, payload) {
      if (state.down) throw new Error('operation has timed out');
      const parsed = pressureStatusSchema.safeParse(payload);
      if (event !== agentEvents.pressureStatus || !parsed.success) invalid.push({ event, payload });
      else statuses.push(parsed.data);
      return { ok: true };
    },
    connected: () => true,
  };
  return {
    statuses,
    invalid,
    state,
    context,
    /** Waits for a status after the first `from` that satisfies the condition; resolves with it. */
    next: (from: number, what: string, condition: (s: PressureStatus) => boolean = () => true) =>
      eventually(() => statuses.slice(from).find(condition), what),
  };
}

/** The service as main.ts builds it, on the fixture's interface, started with a recording server and configured. */
export function startPressureService(sim: SimFixture, config: PressureAgentConfig) {
  const recorder = statusRecorder();
  const service: PressureControlService = createPressureControlService({ version: '1.0.0', logger: silentLogger, bacnet: sim.bacnet });
  service.start?.(recorder.context);
  service.configure?.(agentConfig(config));
  return { service, ...recorder };
}

/** The priority array of a point of the simulated building (index 0 is priority 1). */
export function priorityArray(sim: SimFixture, device: number, object: { type: number; instance: number }): (number | null)[] {
  const point = sim.site.device(device).model.point(object);
  if (!point) throw new Error(`device ${device} has no object ${object.type}:${object.instance}`);
  return [...point.priorityArray];
}
