import { z } from 'zod';
import { type PointHealthReading, pointHealthSweepResultSchema } from '@syrx/contracts/agent-protocol';
import { staleAfterIntervals } from '@syrx/contracts/point-health';
import { deviceTargetOf } from '@syrx/contracts/realtime';
import type { DbOrTx } from '../../db/client.ts';
import type { JobContext, JobHandler } from '../jobs/jobs.service.ts';
import { AgentCallError, type AgentLink } from '../realtime/agent-link.service.ts';
import { classifyReading, findingKey, type OverrideRule } from './classify.ts';
import { findingsRepo, type NewFinding } from './findings.repo.ts';
import { type StalePoint, type SweepDevice, sweepWorkRepo } from './sweep-work.repo.ts';
import { sweepsRepo } from './sweeps.repo.ts';

export interface SweepJobDeps {
  agentLink: Pick<AgentLink, 'call'>;
  /** The reporting service's polling interval (a point is stale after three of them without a record). */
  reportingSeconds: number;
  /** Devices read at once (each by its own request; default 4). */
  devicesAtOnce?: number;
  /** Run in the sweep's last step, in its transaction (the issues log closes the issues of findings no longer found). */
  afterSweep?: (tx: DbOrTx, sweepId: number) => Promise<unknown>;
}

/** What the job has done (its state): devices read, controllers whose stale points are written, controllers without an agent. */
const stateSchema = z.object({
  done: z.array(z.number()).default([]),
  stale: z.array(z.string()).default([]),
  unavailable: z.array(z.string()).default([]),
});
type SweepState = z.infer<typeof stateSchema>;

type Outcome =
  | { kind: 'read'; device: SweepDevice; pointIds: Map<string, number>; readings: PointHealthReading[] }
  | { kind: 'unreachable'; device: SweepDevice; detail: string }
  | { kind: 'unavailable'; device: SweepDevice; message: string };

/** The controllers' devices taken in turn (one of each controller, then the next of each): no agent gets them all at once. */
function interleaved(devices: SweepDevice[]): SweepDevice[] {
  const byController = new Map<string, SweepDevice[]>();
  for (const d of devices) byController.set(d.syrx_controller_id, [...(byController.get(d.syrx_controller_id) ?? []), d]);
  const lists = [...byController.values()];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  return Array.from({ length: longest }, (_, i) => lists.flatMap((l) => (l[i] ? [l[i]] : []))).flat();
}

const staleDetail = (p: StalePoint, seconds: number) =>
  p.latest_record_on === null ? 'No record yet' : `No record since ${p.latest_record_on.toISOString()} (more than ${staleAfterIntervals} reporting intervals of ${seconds / staleAfterIntervals} s)`;

function findingsOfReadings(sweepId: number, o: Extract<Outcome, { kind: 'read' }>, rule: OverrideRule): NewFinding[] {
  return o.readings.flatMap((r) => {
    const pointId = o.pointIds.get(`${r.object_type}:${r.instance_number}`);
    if (pointId === undefined) return [];
    return classifyReading(r, rule).map((c): NewFinding => ({
      sweepId, controllerId: o.device.syrx_controller_id, deviceId: o.device.id, pointId, category: c.category, findingKey: findingKey(c.category, o.device.id, pointId),
      presentValue: r.present_value, statusFlags: r.status_flags, outOfService: r.out_of_service, reliability: r.reliability, eventState: r.event_state,
      priority: c.priority, priorityArray: r.priority_array, relinquishDefault: r.relinquish_default, detail: c.detail,
    }));
  });
}

/**
 * The point health sweep's job (docs/point-health.md): the stale points of each controller (from the records), then its
 * devices — a few at a time, each read by its controller's agent in one request (PointHealthSweep) — each batch's
 * findings committed with the job's state, so a sweep resumed after a crash reads only the devices it had not finished.
 */
export function sweepJobHandler(deps: SweepJobDeps): JobHandler {
  async function read(ctx: JobContext, device: SweepDevice): Promise<Outcome> {
    const points = await sweepWorkRepo.pointsOf(ctx.db, device.id);
    const pointIds = new Map(points.map((p) => [`${p.object_type}:${p.instance_number}`, p.id]));
    try {
      const objects = points.map((p): [number, number] => [p.object_type, p.instance_number]);
      const answer = await deps.agentLink.call(device.syrx_controller_id, { requestType: 'PointHealthSweep', ...deviceTargetOf(device), objects }, { signal: ctx.signal });
      const parsed = pointHealthSweepResultSchema.safeParse(answer.Data);
      if (!parsed.success) return { kind: 'unreachable', device, detail: 'The agent answered with data the server cannot read.' };
      return { kind: 'read', device, pointIds, readings: parsed.data.readings };
    } catch (err) {
      if (!(err instanceof AgentCallError)) throw err;
      switch (err.failure) {
        case 'closed':
        case 'cancelled':
          throw err;
        case 'not-connected':
        case 'disconnected':
          return { kind: 'unavailable', device, message: err.message };
        case 'timeout':
          return { kind: 'unreachable', device, detail: err.message };
        case 'exception':
          // An agent without the request (an older version) cannot sweep any of its devices.
          return err.exceptionType === 'NotSupported' ? { kind: 'unavailable', device, message: err.message } : { kind: 'unreachable', device, detail: err.message };
      }
    }
  }

  return {
    jobType: 'point_health_sweep',
    async run(ctx) {
      const sweepId = Number(ctx.job.params.sweep_id);
      const sweep = await sweepsRepo.work(ctx.db, sweepId);
      if (!sweep) {
        await ctx.log('WARN', `Point health sweep ${sweepId} no longer exists`);
        return;
      }
      const rule: OverrideRule = { operatorPriorities: sweep.operator_priorities, programPriorities: sweep.program_priorities };
      const staleSeconds = staleAfterIntervals * deps.reportingSeconds;
      let state: SweepState = stateSchema.parse(ctx.job.state);
      const controllers = await sweepsRepo.pendingControllers(ctx.db, sweepId);
      const devices = interleaved(await sweepWorkRepo.devicesOf(ctx.db, controllers));
      const steps = controllers.length + devices.length + 1;
      const save = (next: SweepState) => ({ state: next, progress: Math.min(99, (100 * (next.stale.length + next.done.length)) / steps) });

      for (const controllerId of controllers.filter((c) => !state.stale.includes(c))) {
        const stale = await sweepWorkRepo.stalePoints(ctx.db, controllerId, staleSeconds);
        state = await ctx.step(async (tx) => {
          await findingsRepo.insert(tx, stale.map((p): NewFinding => ({
            sweepId, controllerId, deviceId: p.device_id, pointId: p.point_id, category: 'stale', findingKey: findingKey('stale', p.device_id, p.point_id),
            detail: staleDetail(p, staleSeconds), latestRecordOn: p.latest_record_on,
          })));
          const next = { ...state, stale: [...state.stale, controllerId] };
          return { result: next, ...save(next) };
        });
      }

      const waiting = () => devices.filter((d) => !state.done.includes(d.id) && !state.unavailable.includes(d.syrx_controller_id));
      for (let batch = waiting().slice(0, deps.devicesAtOnce ?? 4); batch.length > 0; batch = waiting().slice(0, deps.devicesAtOnce ?? 4)) {
        const outcomes = await Promise.all(batch.map((d) => read(ctx, d)));
        state = await ctx.step(async (tx) => {
          const next = { ...state, done: [...state.done], unavailable: [...state.unavailable] };
          for (const o of outcomes) {
            const controllerId = o.device.syrx_controller_id;
            if (o.kind === 'unavailable') {
              if (!next.unavailable.includes(controllerId)) await sweepsRepo.markUnavailable(tx, sweepId, controllerId, o.message);
              next.unavailable.push(controllerId);
              continue;
            }
            if (o.kind === 'unreachable') {
              await findingsRepo.insert(tx, [{
                sweepId, controllerId, deviceId: o.device.id, pointId: null, category: 'unreachable', findingKey: findingKey('unreachable', o.device.id, null), detail: o.detail,
              }]);
            } else {
              await findingsRepo.insert(tx, findingsOfReadings(sweepId, o, rule));
            }
            await sweepsRepo.addCounts(tx, sweepId, controllerId, 1, o.kind === 'read' ? o.readings.filter((r) => !r.missing).length : 0);
            next.done.push(o.device.id);
          }
          return { result: next, ...save(next) };
        });
      }

      await ctx.step(async (tx) => {
        await sweepsRepo.markSwept(tx, sweepId);
        await deps.afterSweep?.(tx, sweepId);
        return { result: undefined, state, progress: 100 };
      });
      const skipped = state.unavailable.length > 0 ? `; ${state.unavailable.length} controller(s) without a connected agent` : '';
      await ctx.log('INFO', `Swept ${state.done.length} device(s) of ${controllers.length} controller(s)${skipped}`);
    },
  };
}
