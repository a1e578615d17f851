import { startAgent, agentVersion } from './agent.ts';
import { loadSettings } from './config/env.ts';
import { createLogger } from './logger.ts';
import { createQueryService } from './services/bacnet-network-query/query.service.ts';
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
const agent = startAgent({ settings, logger, services: [createUpdaterService(agentVersion), query] });

const stop = (signal: string) => {
  logger.info({ signal }, 'stopping');
  void agent.stop().then(() => process.exit(0));
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
