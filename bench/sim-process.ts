import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const tsx = createRequire(import.meta.url).resolve('tsx');
const simMain = fileURLToPath(import.meta.resolve('@syrx/bacnet-sim/main'));

/**
 * Runs the BACnet simulator as its own process (a device is another machine: its work does not share the
 * agent's event loop); resolves once it says it is ready.
 */
export async function startSimProcess(args: string[]): Promise<{ stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', tsx, simMain, ...args, '--quiet'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await Promise.race([
    new Promise<void>((resolve) => child.on('message', (m: unknown) => (m as { ready?: boolean } | null)?.ready === true && resolve())),
    exited.then(() => Promise.reject(new Error('the simulator exited before it was ready'))),
  ]);
  return {
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
