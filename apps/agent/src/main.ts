import { startAgent, agentVersion } from './agent.ts';
import { loadSettings } from './config/env.ts';
import { createLogger } from './logger.ts';
import { createUpdaterService } from './services/updater/updater.service.ts';

const settings = loadSettings();
const logger = createLogger(settings.logLevel, { controllerId: settings.controllerId });
const agent = startAgent({ settings, logger, services: [createUpdaterService(agentVersion)] });

const stop = (signal: string) => {
  logger.info({ signal }, 'stopping');
  void agent.stop().then(() => process.exit(0));
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
