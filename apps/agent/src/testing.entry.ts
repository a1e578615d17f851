/**
 * `@syrx/agent/testing`: the agent's parts for tests and benchmarks in other packages, which build an agent the way
 * main.ts does (the server's agent-backed integration tests) or drive its BACnet layer alone (bench/). A controller
 * runs the program, `@syrx/agent/main`; nothing in production imports this entry.
 */

// The agent and its services, as main.ts assembles them.
export { type RunningAgent, startAgent } from './agent.ts';
export { createLogger, type Logger, serviceLogger, silentLogger } from './logger.ts';
export type { AgentTask, ServiceModule } from './services/service-module.ts';
export { createQueryService } from './services/bacnet-network-query/query.service.ts';
export { createControlService } from './services/control/control.service.ts';
export { createDiagnosticService, type DiagnosticService } from './services/diagnostic/diagnostic.service.ts';
export { createReportingService, type ReportingService } from './services/reporting/reporting.service.ts';
export { createUpdaterService } from './services/updater/updater.service.ts';

// Its logging and its store-and-forward queue.
export { createLiveLogs, type LiveLogs } from './logging/live-logs.ts';
export { LogHub } from './logging/log-hub.ts';
export { lowerLevel, pinoLevelName } from './logging/log-levels.ts';
export { createLogShipper } from './logging/log-shipper.ts';
export { DurableQueue } from './lib/durable-queue.ts';

// Service packages as a release pipeline builds them.
export { brokenServicePackage, healthyServicePackage, sha256Of } from './testing/service-packages.ts';

// The BACnet layer (bench/point-discovery.ts, bench/discovery.ts, bench/point-health.ts).
export { readArrayElements, readArrayLength, readWholeArray } from './bacnet/array-reads.ts';
export { BacnetNetwork } from './bacnet/bacnet-network.ts';
export { ensurePeerProfile } from './bacnet/device-profile.ts';
export { readMany } from './bacnet/property-reads.ts';
export { discoverDevices } from './services/bacnet-network-query/discovery.ts';
export { sweepDevice, sweptProperties } from './services/bacnet-network-query/point-health.ts';
