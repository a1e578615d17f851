import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ipToNumber, loadSite, numberToIp, rebaseSite } from '@syrx/bacnet-sim';
import type { ListeningServer } from '@syrx/server';
import { type DemoCredentials, type DemoNetwork, ensureDemoController, seedDemoPointSources } from '@syrx/server/demo';
import { type ChildProgram, startChildProgram } from './child-program.ts';

const simEntry = fileURLToPath(import.meta.resolve('@syrx/bacnet-sim/main'));
const agentEntry = fileURLToPath(import.meta.resolve('@syrx/agent/main'));

export interface DemoOptions {
  db: ListeningServer['db'];
  dataDir: string;
  /** The simulated building's site file, and where its addresses start. */
  sitePath: string;
  baseAddress: string;
  /** Where the demo agent reaches this server. */
  serverUrl: string;
  /** Discover the building's devices when the demo controller is first created. */
  discover: boolean;
  log: ListeningServer['log'];
}

export interface DemoBuilding {
  readonly controller: DemoCredentials & { created: boolean };
  stop(): Promise<void>;
}

const onPath = (command: string): boolean =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && existsSync(path.join(dir, command)));

/** The agent binds at .200 of the site's range; the BBMD is the site's own. */
async function demoNetwork(sitePath: string, baseAddress: string): Promise<DemoNetwork> {
  const site = rebaseSite(await loadSite(sitePath), baseAddress);
  const agentAddress = numberToIp(ipToNumber(baseAddress) + 200);
  return { agentAddress, bbmd: site.bbmd ? { ip: site.bbmd.address.ip, port: site.bbmd.address.port } : null };
}

/**
 * DEMO: runs the simulated building and the demo controller's agent beside the server, as separate processes (as
 * they are separate machines in a real building), so the console shows a real BACnet network with no hardware.
 * When the building cannot start (its addresses are taken, e.g. by another demo), the server runs on without it.
 */
export async function startDemoBuilding(o: DemoOptions): Promise<DemoBuilding> {
  const network = await demoNetwork(o.sitePath, o.baseAddress);
  const controller = await ensureDemoController(o.db, o.dataDir, network, o.discover);
  // Other vendors' and PCS points with their records, for the move wizard and the imports (first start only).
  const seeding = Date.now();
  if (await seedDemoPointSources(o.db)) o.log.info({ ms: Date.now() - seeding }, 'demo vendor and PCS points seeded');
  const programs: ChildProgram[] = [];
  const stop = async () => {
    for (const p of programs.reverse()) await p.stop();
  };

  const sim = startChildProgram('bacnet-sim', simEntry, ['--site', o.sitePath, '--base-address', o.baseAddress, '--quiet'], {}, o.log);
  programs.push(sim);
  try {
    await sim.started;
  } catch (err) {
    o.log.warn({ err }, 'the simulated building did not start; the demo controller will find no devices');
  }
  const agent = startChildProgram('agent', agentEntry, [
    '--server-url', o.serverUrl, '--controller-id', controller.id, '--bacnet-address', network.agentAddress,
    // Its store-and-forward buffer lives with the server's data, so a restarted demo keeps what it collected.
    '--data-dir', path.join(o.dataDir, 'demo-agent'),
    // The machine's message broker stands in for the controller's, when there is one.
    ...(onPath('rabbitmqctl') ? ['--rabbitmq', 'rabbitmqctl'] : []),
  ], {
    SYRX_CONTROLLER_PASSWORD: controller.password,
  }, o.log);
  programs.push(agent);
  void agent.exited.then((code) => code !== null && code !== 0 && o.log.warn({ code }, 'the demo agent stopped'));
  o.log.info({ controllerId: controller.id, agentAddress: network.agentAddress, bbmd: network.bbmd }, 'demo building started');
  return { controller, stop };
}
