import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { defaultConfigPath, writeConfigFile } from '../config/config-file.ts';
import { checkCredentials } from './credential-check.ts';

export const enrollUsage = `syrx-agent enroll [--config FILE] --server-url URL --controller-id ID
    (--controller-password-stdin | --controller-password-file FILE | --controller-password SECRET)

Checks the controller id and password against the server once and writes them to FILE
(default ${defaultConfigPath}), readable by its owner only.`;

const enrollment = z.object({
  serverUrl: z.string().trim().url('expected the server address, e.g. https://console.example.com'),
  controllerId: z.string().trim().uuid('expected the controller id printed with the controller (a UUID)'),
  controllerPassword: z.string().min(1, 'expected the controller password'),
});

/** The password without the line end an `echo` or an editor leaves after it. */
const withoutLineEnd = (s: string) => s.replace(/\r?\n$/, '');

function passwordOf(values: Record<string, string | boolean | undefined>, readStdin: () => string): string | undefined {
  const sources = ['controller-password', 'controller-password-stdin', 'controller-password-file'].filter((k) => values[k] !== undefined);
  if (sources.length > 1) throw new Error(`Give the password one way only, not ${sources.map((s) => `--${s}`).join(' and ')}.`);
  if (values['controller-password-stdin']) return withoutLineEnd(readStdin());
  if (typeof values['controller-password-file'] === 'string') return withoutLineEnd(readFileSync(values['controller-password-file'], 'utf8'));
  return values['controller-password'] as string | undefined;
}

export interface EnrollIo {
  out(line: string): void;
  err(line: string): void;
  readStdin(): string;
}

/** `syrx-agent enroll …`: the exit code (0 written, 1 refused or unreachable, 2 bad usage). */
export async function enroll(argv: string[], o: EnrollIo): Promise<number> {
  let parsed;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        'config': { type: 'string', default: defaultConfigPath }, 'server-url': { type: 'string' }, 'controller-id': { type: 'string' },
        'controller-password': { type: 'string' }, 'controller-password-stdin': { type: 'boolean' }, 'controller-password-file': { type: 'string' },
      },
    });
    const input = { serverUrl: values['server-url'], controllerId: values['controller-id'], controllerPassword: passwordOf(values, () => o.readStdin()) };
    const result = enrollment.safeParse(input);
    if (!result.success) throw new Error(result.error.issues.map((i) => `  --${i.path.join('.').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${i.message}`).join('\n'));
    parsed = { config: values.config, ...result.data, serverUrl: result.data.serverUrl.replace(/\/+$/, '') };
  } catch (err) {
    o.err(`${(err as Error).message}\n\n${enrollUsage}`);
    return 2;
  }
  const { config, ...credentials } = parsed;
  const verdict = await checkCredentials(credentials);
  if (!verdict.ok) {
    o.err(verdict.message);
    return 1;
  }
  writeConfigFile(config, credentials);
  o.out(`Enrolled controller ${credentials.controllerId} with ${credentials.serverUrl}; configuration written to ${config}.`);
  return 0;
}
