import { existsSync, readFileSync } from 'node:fs';
import { agentVersion } from '../agent.ts';
import { runConfigPath } from '../config/config-file.ts';
import { enroll, enrollUsage } from './enroll.ts';
import { supervise } from './supervise.ts';

/**
 * The packaged agent's command (`syrx-agent`): `enroll` writes the configuration once, `run` runs the agent from it.
 * apps/agent/scripts/build-package.ts bundles this file.
 */
const usage = `Usage:
  ${enrollUsage.split('\n\n')[0]}
  syrx-agent run [--config FILE] [--bacnet-address IP …]   run the agent (flags and SYRX_* variables override the file)
  syrx-agent version

run supervises the agent: it runs the build of the agent its updater installed last (else this package's own) and
rolls a new build back when it does not connect and report healthy.`;

const withConfig = (args: string[]) => {
  const config = runConfigPath();
  return args.some((a) => a === '--config' || a.startsWith('--config=')) || !existsSync(config) ? args : ['--config', config, ...args];
};

const [command, ...rest] = process.argv.slice(2);
switch (command) {
  case 'enroll':
    process.exitCode = await enroll(rest, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
      readStdin: () => readFileSync(0, 'utf8'),
    });
    break;
  case 'run':
    try {
      process.exitCode = await supervise(withConfig(rest), process.argv[1] ?? '');
    } catch (err) {
      console.error(`${(err as Error).message}\n(enroll first: syrx-agent enroll --help)`);
      process.exitCode = 1;
    }
    break;
  // One build of the agent, as the supervisor starts it.
  case 'agent':
    // main.ts reads its settings from process.argv (config/env.ts): hand it the run's arguments alone.
    process.argv.splice(2, process.argv.length - 2, ...withConfig(rest));
    await import('../main.ts');
    break;
  case 'version':
  case '--version':
    console.log(agentVersion);
    break;
  case undefined:
  case 'help':
  case '--help':
    console.log(usage);
    break;
  default:
    console.error(`Unknown command ${command}.\n${usage}`);
    process.exitCode = 2;
}
