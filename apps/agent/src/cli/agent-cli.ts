import { existsSync, readFileSync } from 'node:fs';
import { agentVersion } from '../agent.ts';
import { runConfigPath } from '../config/config-file.ts';
import { enroll, enrollUsage } from './enroll.ts';

/**
 * The packaged agent's command (`syrx-agent`): `enroll` writes the configuration once, `run` runs the agent from it.
 * apps/agent/scripts/build-package.ts bundles this file.
 */
const usage = `Usage:
  ${enrollUsage.split('\n\n')[0]}
  syrx-agent run [--config FILE] [--bacnet-address IP …]   run the agent (flags and SYRX_* variables override the file)
  syrx-agent version`;

const [command, ...rest] = process.argv.slice(2);
switch (command) {
  case 'enroll':
    process.exitCode = await enroll(rest, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
      readStdin: () => readFileSync(0, 'utf8'),
    });
    break;
  case 'run': {
    const config = runConfigPath();
    const args = rest.some((a) => a === '--config' || a.startsWith('--config=')) || !existsSync(config) ? rest : ['--config', config, ...rest];
    // main.ts reads its settings from process.argv (config/env.ts): hand it the run's arguments alone.
    process.argv.splice(2, process.argv.length - 2, ...args);
    try {
      await import('../main.ts');
    } catch (err) {
      console.error(`${(err as Error).message}\n(enroll first: syrx-agent enroll --help)`);
      process.exitCode = 1;
    }
    break;
  }
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
