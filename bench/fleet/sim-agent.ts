/**
 * One simulated controller's agent, as light as the protocol allows: the real handshake (controller id and password on
 * `/agent`, websocket only, as apps/agent connects), a heartbeat as the agent's every interval (and on connect, as the
 * agent does), and, when uploads are on, a batch of records of its points and a batch of metric samples each upload
 * interval. Every event is acknowledged; the counters and the heartbeat latencies go to the client's report.
 */
import { io, type Socket } from 'socket.io-client';
import { agentEvents, agentNamespace, type Heartbeat } from '@syrx/contracts/agent-protocol';
import type { AgentMetricSample } from '@syrx/contracts/metrics';
import type { AgentRecord } from '@syrx/contracts/records';
import { defaultEnabledServiceIds, serviceIds, serviceUnits } from '@syrx/contracts/services';
import type { AckCounts, FleetAgent, FleetReport } from './protocol.ts';

const ackTimeoutMs = 30_000;
/** The agent samples points and metrics every 15 s; an upload carries the steps since the previous one. */
const stepMs = 15_000;

/** The modules an agent carries (apps/agent's heartbeat reports each one) and those a new controller has enabled. */
const carried = [serviceIds.updater, serviceIds.query, serviceIds.reporting, serviceIds.diagnostic, serviceIds.control, serviceIds.pressure];
const enabled = new Set<string>(defaultEnabledServiceIds);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export interface SimAgentOptions {
  url: string;
  agent: FleetAgent;
  localAddress: string;
  heartbeatSeconds: number;
  uploadSeconds: number;
  report: FleetReport;
  /** Whether heartbeat latencies are being collected (the measure window). */
  measuring: () => boolean;
}

export class SimAgent {
  readonly socket: Socket;
  private readonly timers: NodeJS.Timeout[] = [];
  private lastRecordStep = 0;
  private lastMetricStep = 0;

  constructor(private readonly o: SimAgentOptions) {
    this.socket = io(`${o.url}${agentNamespace}`, {
      transports: ['websocket'],
      forceNew: true,
      localAddress: o.localAddress,
      auth: { controller_id: o.agent.controllerId, password: o.agent.password, agent_version: 'fleet-bench' },
      reconnectionDelay: 1000,
      reconnectionDelayMax: 30_000,
      randomizationFactor: 0.5,
    } as Parameters<typeof io>[1]);
    this.socket.on('connect', () => this.sendHeartbeat());
    this.socket.on('disconnect', () => void o.report.disconnects++);
    this.socket.on('connect_error', (err) => {
      o.report.connectErrors++;
      if (o.report.errorSamples.length < 5 && !o.report.errorSamples.includes(err.message)) o.report.errorSamples.push(err.message);
    });
    this.every(o.heartbeatSeconds, () => this.sendHeartbeat());
    if (o.uploadSeconds > 0) {
      if (o.agent.pointIds.length > 0) this.every(o.uploadSeconds, () => this.sendRecords());
      this.every(o.uploadSeconds, () => this.sendMetrics());
    }
  }

  /** Resolves once the handshake succeeded or failed the first time. */
  settled(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.connected) return resolve();
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', () => resolve());
    });
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.socket.disconnect();
  }

  /** Every `seconds`, starting at a random point of the first period so the fleet's events spread evenly. */
  private every(seconds: number, work: () => void): void {
    const ms = seconds * 1000;
    this.timers.push(setTimeout(() => {
      work();
      this.timers.push(setInterval(work, ms));
    }, Math.random() * ms));
  }

  private async emit(event: string, payload: unknown, counts: AckCounts): Promise<unknown> {
    try {
      const ack: unknown = await this.socket.timeout(ackTimeoutMs).emitWithAck(event, payload);
      const ok = (ack as { ok?: unknown } | null)?.ok === true;
      counts[ok ? 'ok' : 'failed']++;
      return ok ? ack : undefined;
    } catch {
      counts.timedOut++;
      return undefined;
    }
  }

  /**
   * The heartbeat apps/agent sends (agent.ts heartbeat()): every module it carries with its version and the diagnostics
   * each module words (reporting's buffer and the diagnostic service's queues move between uploads, as a collecting
   * agent's do, so most heartbeats change some service's report), and the unit statuses of the updater and the enabled
   * services.
   */
  private heartbeat(): Heartbeat {
    const now = Date.now();
    const points = this.o.agent.pointIds.length;
    const unsentSteps = this.o.uploadSeconds > 0 ? this.stepsSince(this.lastRecordStep) : [];
    const unsentSamples = this.o.uploadSeconds > 0 ? this.stepsSince(this.lastMetricStep).length * 2 : 0;
    const diagnostics: Record<string, NonNullable<Heartbeat['services'][number]['diagnostics']>> = {
      [serviceIds.query]: { apdu_timeout_ms: 3000, apdu_retries: 3, requests_sent: 0, retransmissions: 0, skipped_for_silent_device: 0 },
      [serviceIds.reporting]: { buffer_depth: unsentSteps.length * points, oldest_unsent: iso(unsentSteps[0] ?? null), cov_subscriptions: points, polled_points: 0, dropped_records: 0 },
      [serviceIds.diagnostic]: { snapshots_queued: 0, samples_queued: unsentSamples, last_snapshot: iso(Math.floor(now / 30_000) * 30_000), broker_state: 'running' },
      [serviceIds.control]: { open_terminals: 0 },
      [serviceIds.pressure]: { iterations: 0, last_iteration: null, last_pnorm: null, output_commanded: false },
    };
    return {
      services: carried.map((id) => ({ service_id: id, reported_version: '1.0.0', ...(diagnostics[id] ? { diagnostics: diagnostics[id] } : {}) })),
      critical_statuses: carried.filter((id) => enabled.has(id)).map((id) => ({ unit: serviceUnits[id], active_state: 'active', sub_state: 'running' })),
      heartbeat_seconds: this.o.heartbeatSeconds,
    };
  }

  private sendHeartbeat(): void {
    if (!this.socket.connected) return;
    const start = performance.now();
    void this.emit(agentEvents.heartbeat, this.heartbeat(), this.o.report.heartbeats).then((ack) => {
      if (ack && this.o.measuring()) this.o.report.heartbeatMs.push(performance.now() - start);
    });
  }

  /** The 15-second steps since the last upload (at most the last four on the first). */
  private stepsSince(last: number): number[] {
    const now = Math.floor(Date.now() / stepMs) * stepMs;
    const from = Math.max(last + stepMs, now - 3 * stepMs);
    const steps: number[] = [];
    for (let t = from; t <= now; t += stepMs) steps.push(t);
    return steps;
  }

  private sendRecords(): void {
    if (!this.socket.connected) return;
    const steps = this.stepsSince(this.lastRecordStep);
    if (steps.length === 0) return;
    this.lastRecordStep = steps[steps.length - 1] ?? 0;
    const records: AgentRecord[] = steps.flatMap((t) => this.o.agent.pointIds.map((id): AgentRecord => [id, t, 20 + Math.random()]));
    const counts = this.o.report.records;
    void this.emit(agentEvents.records, { records }, counts).then((ack) => {
      const a = ack as { stored: number; duplicates: number; refused: number } | undefined;
      if (!a) return;
      counts.stored += a.stored;
      counts.duplicates += a.duplicates;
      counts.refused += a.refused;
    });
  }

  private sendMetrics(): void {
    if (!this.socket.connected) return;
    const steps = this.stepsSince(this.lastMetricStep);
    if (steps.length === 0) return;
    this.lastMetricStep = steps[steps.length - 1] ?? 0;
    const samples: AgentMetricSample[] = steps.flatMap((t): AgentMetricSample[] => [
      [t, 'overall', 'overall', 12 + Math.random(), 40 + Math.random(), 400_000],
      [t, 'systemd_service', 'syrx-updater.service', 1 + Math.random(), 2, 30_000],
    ]);
    const counts = this.o.report.metrics;
    void this.emit(agentEvents.metrics, { samples }, counts).then((ack) => {
      if (ack) counts.stored += (ack as { stored: number }).stored;
    });
  }
}
