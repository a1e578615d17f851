import { join } from 'node:path';
import { serviceIds } from '@syrx/contracts/services';
import { startAgent, agentVersion } from './agent.ts';
import { loadSettings } from './config/env.ts';
import { createLogger, serviceLogger } from './logger.ts';
import { createLiveLogs } from './logging/live-logs.ts';
import { LogHub } from './logging/log-hub.ts';
import { lowerLevel, pinoLevelName } from './logging/log-levels.ts';
import { createLogShipper } from './logging/log-shipper.ts';
import { createQueryService } from './services/bacnet-network-query/query.service.ts';
import { createControlService } from './services/control/control.service.ts';
import { createDiagnosticService } from './services/diagnostic/diagnostic.service.ts';
import { createPressureControlService } from './services/pressure-control/pressure-control.service.ts';
import { createReportingService } from './services/reporting/reporting.service.ts';
import { restartExitCode } from './services/updater/self-update.ts';
import { healthMessageType } from './services/updater/service-process.ts';
import { createUpdaterService } from './services/updater/updater.service.ts';

const settings = loadSettings();
const dataDir = join(settings.dataDir, settings.controllerId);
// Every line goes to standard output (from --log-level) and to the hub (service logs from --ship-log-level, live logs).
const hub = new LogHub();
const tapLevel = lowerLevel(pinoLevelName[settings.shipLogLevel], settings.logLevel);
const root = createLogger(settings.logLevel, { controllerId: settings.controllerId }, { tap: { level: tapLevel, write: hub.write } });
const logger = serviceLogger(root, serviceIds.updater, 'Syrx.Agent');
const query = createQueryService({
  version: agentVersion,
  logger: serviceLogger(root, serviceIds.query),
  fallback: { address: settings.bacnetAddress, port: settings.bacnetPort, bbmds: settings.bbmdServers },
  broadcastAddress: settings.broadcastAddress,
  revisionCheckSeconds: settings.revisionCheckSeconds,
});
const reporting = createReportingService({
  version: agentVersion,
  logger: serviceLogger(root, serviceIds.reporting),
  bacnet: query.bacnet,
  dataDir,
  maxBufferedRecords: settings.bufferMaxRecords,
});
const pressure = createPressureControlService({ version: agentVersion, logger: serviceLogger(root, serviceIds.pressure), bacnet: query.bacnet });
const diagnostic = createDiagnosticService({
  version: agentVersion,
  logger: serviceLogger(root, serviceIds.diagnostic),
  dataDir,
  diagnosticsSeconds: settings.diagnosticsSeconds,
  metricsSeconds: settings.metricsSeconds,
  rabbitmq: settings.rabbitmq,
});
const control = createControlService({ version: agentVersion, logger: serviceLogger(root, serviceIds.control), shell: settings.shell, environment: settings.terminalEnvironment });
const tasks = [
  createLogShipper({ hub, shipLevel: settings.shipLogLevel, dataDir, logger }),
  createLiveLogs({ hub, outputLevel: root.levels.values[settings.logLevel] ?? 30, logger }),
];
// Reporting and pressure control before the query service: they stop first, while the interface is open.
const updater = createUpdaterService(agentVersion, {
  serverUrl: settings.serverUrl,
  controllerId: settings.controllerId,
  controllerPassword: settings.controllerPassword,
  dataDir,
  loggerOf: (serviceId) => serviceLogger(root, serviceId),
  healthTimeoutSeconds: settings.serviceHealthTimeoutSeconds,
  retrySeconds: settings.updateRetrySeconds,
  // Under the supervisor (syrx-agent run) the agent updates itself: it ends with restartExitCode to be started anew.
  ...(settings.agentBuild ? { selfUpdate: { build: settings.agentBuild, restart: () => stop('restarting into a new build', restartExitCode) } } : {}),
});
const services = [updater, reporting, pressure, diagnostic, control, query];
const agent = startAgent({ settings, logger, services, tasks });

let stopping = false;
function stop(signal: string, code = 0) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  // A stop that hangs (a peer that never answers) must not keep an orphaned agent bound to its BACnet address.
  setTimeout(() => process.exit(code || 1), 10_000).unref();
  void agent.stop().then(() => process.exit(code));
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
// Started by the server's demo mode: stop with the server even when it was killed without a chance to stop us,
// and keep going quietly if our output's reader went away first.
if (process.send) {
  process.once('disconnect', () => stop('parent gone'));
  // The supervisor's health check (the protocol of packaged services): healthy once connected and configured.
  process.on('message', (m: { type?: unknown } | null) => {
    if (m?.type === healthMessageType) process.send?.({ type: healthMessageType, status: agent.socket.connected && agent.config() ? 'healthy' : 'starting' });
  });
  // Should the channel's end go unnoticed, a parent that died leaves us to another parent process: stop then too.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop('parent gone');
  }, 2000).unref();
}
process.stdout.on('error', () => undefined);
