import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { LogLevel } from './logger.ts';
import { demoSitePath } from './site-loader.ts';

export const usage = `Usage: npm run sim -- [--site FILE] [--base-address IP] [--verbose | --quiet]

  --site, -s FILE          site file (default: the demo building, sites/demo-building.json)
  --base-address, -b IP    move every address of the site so that its base becomes IP (e.g. 127.0.20.0)
  --verbose, -v            log every node and dropped message
  --quiet, -q              log warnings and errors only
  --help, -h               show this help`;

export class CliUsageError extends Error {}

export interface CliOptions {
  sitePath: string;
  baseAddress: string | undefined;
  logLevel: LogLevel;
  help: boolean;
}

/**
 * Parses the command line. A relative --site is looked up from where npm was started (INIT_CWD), then
 * from the current directory, so `npm run sim -- --site …` works from the repository root and from here.
 */
export function parseCliArgs(argv: string[], initCwd: string | undefined = undefined, cwd = process.cwd()): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        site: { type: 'string', short: 's' },
        'base-address': { type: 'string', short: 'b' },
        verbose: { type: 'boolean', short: 'v', default: false },
        quiet: { type: 'boolean', short: 'q', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  const { values } = parsed;
  const baseAddress = values['base-address'];
  if (baseAddress !== undefined && !/^\d{1,3}(\.\d{1,3}){3}$/.test(baseAddress)) throw new CliUsageError(`--base-address wants an IPv4 address such as 127.0.20.0, not "${baseAddress}"`);
  if (values.verbose && values.quiet) throw new CliUsageError('--verbose and --quiet do not go together');
  return {
    sitePath: values.site === undefined ? demoSitePath : locate(values.site, [initCwd, cwd]),
    baseAddress,
    logLevel: values.verbose ? 'debug' : values.quiet ? 'warn' : 'info',
    help: values.help,
  };
}

function locate(path: string, directories: (string | undefined)[]): string {
  const candidates = directories.filter((d): d is string => d !== undefined).map((d) => resolve(d, path));
  return candidates.find((candidate) => existsSync(candidate)) ?? candidates[0] ?? path;
}
