import { CliUsageError, parseCliArgs, usage } from './cli-args.ts';
import { consoleLogger } from './logger.ts';
import { loadSite } from './site-loader.ts';
import { startSite } from './site-runner.ts';
import { describeRunningSite } from './site-summary.ts';

/** `npm run sim -- --site FILE [--base-address IP]`: runs a site until SIGINT or SIGTERM. */
async function main(): Promise<number> {
  const options = parseCliArgs(process.argv.slice(2), process.env.INIT_CWD);
  if (options.help) {
    console.log(usage);
    return 0;
  }
  const logger = consoleLogger(options.logLevel);
  const site = await loadSite(options.sitePath);
  const running = await startSite(site, { baseAddress: options.baseAddress, logger });
  if (options.logLevel !== 'warn') console.log(describeRunningSite(running).join('\n'));

  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      logger.info(`${signal}: stopping`);
      running.stop().then(
        () => resolve(0),
        (error: unknown) => {
          logger.error(`stopping failed: ${(error as Error).message}`);
          resolve(1);
        },
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    // Run by the server's demo mode: say when the building is up, and stop with the server even if it was killed.
    if (process.send) {
      process.send({ ready: true });
      process.once('disconnect', () => stop('SIGTERM'));
    }
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CliUsageError) console.error(`${error.message}\n\n${usage}`);
    else console.error((error as Error).message);
    process.exit(error instanceof CliUsageError ? 2 : 1);
  },
);
