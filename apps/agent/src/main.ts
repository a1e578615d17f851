import { join } from 'node:path';
import { startAgent, agentVersion } from './agent.ts';
import { loadSettings } from './config/env.ts';
import { createLogger } from './logger.ts';
import { createQueryService } from './services/bacnet-network-query/query.service.ts';
import { createReportingService } from './services/reporting/reporting.service.ts';
import { createUpdaterService } from './services/updater/updater.service.ts';

const settings = loadSettings();
const logger = createLogger(settings.logLevel, { controllerId: settings.controllerId });
const query = createQueryService({
  version: agentVersion,
  logger,
  fallback: { address: settings.bacnetAddress, port: settings.bacnetPort, bbmds: settings.bbmdServers },
  broadcastAddress: settings.broadcastAddress,
  revisionCheckSeconds: settings.revisionCheckSeconds,
});
const reporting = createReportingService({
  version: agentVersion,
  logger,
  bacnet: query.bacnet,
  dataDir: join(settings.dataDir, settings.controllerId),
  maxBufferedRecords: settings.bufferMaxRecords,
});
// Reporting before the query service: it stops first and cancels its subscriptions while the interface is open.
const agent = startAgent({ settings, logger, services: [createUpdaterService(agentVersion), reporting, query] });

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  void agent.stop().then(() => process.exit(0));
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
// Started by the server's demo mode: stop with the server even when it was killed without a chance to stop us,
// and keep going quietly if our output's reader went away first.
if (process.send) process.once('disconnect', () => stop('parent gone'));
process.stdout.on('error', () => undefined);
