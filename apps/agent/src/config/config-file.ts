import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where `syrx-agent enroll` writes the configuration and `syrx-agent run` reads it unless told otherwise. */
export const defaultConfigPath = '/etc/syrx-agent/agent.json';

/**
 * The configuration file a run reads by default: the copy systemd hands the unit (LoadCredential, so the file itself
 * stays root's, mode 0600), else the default path.
 */
export function runConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CREDENTIALS_DIRECTORY ? join(env.CREDENTIALS_DIRECTORY, 'agent.json') : defaultConfigPath;
}

/** The settings of a configuration file: a JSON object keyed by setting name (serverUrl, controllerId, bacnetAddress …). */
export function readConfigFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new Error(`Cannot read the agent configuration ${path}: ${(err as Error).message}`, { cause: err });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(`The agent configuration ${path} is not JSON: ${(err as Error).message}`, { cause: err });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`The agent configuration ${path} must hold a JSON object.`);
  return parsed as Record<string, unknown>;
}

/**
 * Writes the configuration readable by its owner only (0600), merged over what the file held: written beside it and
 * renamed, so a reader never sees half a file and the secret is never readable by others, not even for a moment.
 */
export function writeConfigFile(path: string, values: Record<string, unknown>): void {
  const merged = existsSync(path) ? { ...readConfigFile(path), ...values } : values;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(merged, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}
