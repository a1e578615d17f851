/**
 * A fleet client (child of bench/fleet.ts): on `start`, opens its share of the agents in batches (each batch waits
 * for its handshakes), then keeps them talking; answers `report` with its counters, `window` starts a new latency
 * window, `stop` closes everything. Exits when its parent goes away.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { emptyAcks, type ChildMessage, type FleetPlan, type FleetReport, type ParentMessage } from './protocol.ts';
import { SimAgent } from './sim-agent.ts';

const batchTimeoutMs = 120_000;
const send = (m: ChildMessage) => process.send?.(m);

const report: FleetReport = {
  connected: 0, connectErrors: 0, errorSamples: [], disconnects: 0,
  heartbeats: emptyAcks(), records: { ...emptyAcks(), stored: 0, duplicates: 0, refused: 0 }, metrics: { ...emptyAcks(), stored: 0 }, heartbeatMs: [],
  loopDelayMs: { p99: 0, max: 0 },
};
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const agents: SimAgent[] = [];
let measuring = false;

async function ramp(plan: FleetPlan): Promise<void> {
  const start = performance.now();
  for (let i = 0; i < plan.agents.length; i += plan.rampBatch) {
    const batch = plan.agents.slice(i, i + plan.rampBatch).map((agent, j) => new SimAgent({
      url: plan.urls[(i + j) % plan.urls.length] ?? '', agent, localAddress: plan.localAddress,
      heartbeatSeconds: plan.heartbeatSeconds, uploadSeconds: plan.uploadSeconds, report, measuring: () => measuring,
    }));
    agents.push(...batch);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(batch.map((a) => a.settled())),
      new Promise((resolve) => { timer = setTimeout(resolve, batchTimeoutMs); }),
    ]);
    clearTimeout(timer);
  }
  send({ type: 'ramped', connected: connectedCount(), ms: performance.now() - start });
}

const connectedCount = () => agents.reduce((n, a) => n + (a.socket.connected ? 1 : 0), 0);

process.on('message', (m: ParentMessage) => {
  switch (m.type) {
    case 'start':
      void ramp(m.plan);
      break;
    case 'window':
      measuring = true;
      report.heartbeatMs = [];
      loopDelay.reset();
      break;
    case 'report':
      send({ type: 'report', report: { ...report, connected: connectedCount(), loopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 } } });
      break;
    case 'stop':
      for (const a of agents) a.close();
      setTimeout(() => process.exit(0), 200);
      break;
  }
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
