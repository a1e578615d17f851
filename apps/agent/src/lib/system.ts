import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Whether systemd runs this machine (as sd_booted(3) decides). */
export const systemdRuns = (): boolean => existsSync('/run/systemd/system');

/** A command's failure: its exit code or signal, and what it said on stderr. */
export class CommandError extends Error {
  override name = 'CommandError';
}

/**
 * Runs a program (no shell) and resolves with its standard output; rejects with a CommandError saying why (not
 * found, time-out, exit code with its stderr).
 */
export function runCommand(file: string, args: readonly string[], timeoutMs = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024, encoding: 'utf8' }, (err, stdout, stderr) => {
      if (!err) return resolve(stdout);
      // execFile's error: code is the exit code, or the errno name when the program could not run.
      const { code, killed, signal } = err as { code?: unknown; killed?: boolean; signal?: string | null };
      const status = typeof code === 'number' ? `exit code ${code}` : signal ?? (typeof code === 'string' ? code : 'error');
      const why = code === 'ENOENT' ? `${file}: command not found`
        : killed ? `${file} did not answer within ${timeoutMs / 1000} s`
        : `${file} failed (${status})${stderr.trim() ? `: ${stderr.trim()}` : ''}`;
      reject(new CommandError(why));
    });
  });
}

/** Splits a configured command line ("sudo -n rabbitmqctl") into the program and its first arguments. */
export function splitCommand(command: string): { file: string; args: string[] } {
  const [file = '', ...args] = command.trim().split(/\s+/);
  return { file, args };
}
