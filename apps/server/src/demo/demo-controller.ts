import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { serviceIds } from '@syrx/contracts/services';
import type { Db } from '../db/client.ts';
import { bacnetConnectionBbmdServers, bacnetConnectionConfigurations, bacnetQueryMessages, enabledServices, groups, syrxControllers } from '../db/schema/index.ts';
import { hashSecret } from '../lib/passwords.ts';
import { newPassword } from '../lib/tokens.ts';

export const demoControllerName = 'Building A controller';
export const demoGroupPath = ['Harbor Office Park', 'Building A'] as const;

/** Where the demo controller's agent binds, and the BBMD it registers with. */
export interface DemoNetwork {
  agentAddress: string;
  bbmd: { ip: string; port: number } | null;
}

const credentialsSchema = z.object({ id: z.string().uuid(), password: z.string().min(1) });
export type DemoCredentials = z.infer<typeof credentialsSchema>;

function readCredentials(file: string): DemoCredentials | null {
  try {
    return credentialsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

/** Building A of the demo organizations (seeded by bootstrap when DEMO is on). */
async function demoGroupId(db: Db): Promise<number> {
  let parent: number | null = null;
  for (const name of demoGroupPath) {
    const [g]: { id: number }[] = await db.select({ id: groups.id }).from(groups)
      .where(and(eq(groups.name, name), parent === null ? isNotNull(groups.parentId) : eq(groups.parentId, parent)));
    if (!g) throw new Error(`The demo group ${demoGroupPath.join(' / ')} is missing; bootstrap seeds it when DEMO is on.`);
    parent = g.id;
  }
  return parent as number;
}

/**
 * The demo building's controller, with the credentials its agent uses (kept in DATA_DIR, since the database holds
 * only the hash). Created on the first demo start under Harbor Office Park / Building A; when the credentials file
 * is gone, a controller of that name gets a new secret instead of a twin. Its BACnet connection follows the running
 * simulated building on every start. `created` is true the first time; then, with `discover`, a Discover-devices
 * message waits for the agent, so the building's devices and points are there a few seconds after it connects.
 */
export async function ensureDemoController(db: Db, dataDir: string, network: DemoNetwork, discover = false): Promise<DemoCredentials & { created: boolean }> {
  const file = path.join(dataDir, 'demo-controller.json');
  const saved = readCredentials(file);
  const groupId = await demoGroupId(db);
  const [byId] = saved ? await db.select({ id: syrxControllers.id }).from(syrxControllers).where(eq(syrxControllers.id, saved.id)) : [];
  const [byName] = await db.select({ id: syrxControllers.id }).from(syrxControllers)
    .where(and(eq(syrxControllers.groupId, groupId), eq(syrxControllers.name, demoControllerName)));

  let credentials: DemoCredentials;
  let created = false;
  if (saved && byId) {
    credentials = saved;
  } else {
    credentials = { id: byName?.id ?? randomUUID(), password: newPassword() };
    const secretHash = hashSecret(credentials.password);
    if (byName) {
      await db.update(syrxControllers).set({ secretHash }).where(eq(syrxControllers.id, byName.id));
    } else {
      created = true;
      await db.transaction(async (tx) => {
        await tx.insert(syrxControllers).values({
          id: credentials.id, groupId, name: demoControllerName, secretHash, claimedAt: new Date(),
          description: 'Demo: its agent runs beside the server on the simulated building (npm start with DEMO on)',
        });
        await tx.insert(enabledServices).values([
          { syrxControllerId: credentials.id, serviceId: serviceIds.updater, assignedVersion: '>=1.0.0 <2.0.0-0' },
          { syrxControllerId: credentials.id, serviceId: serviceIds.query, assignedVersion: '>=1.0.0 <2.0.0-0' },
          { syrxControllerId: credentials.id, serviceId: serviceIds.reporting, assignedVersion: '>=1.0.0 <2.0.0-0' },
          { syrxControllerId: credentials.id, serviceId: serviceIds.diagnostic, assignedVersion: '>=1.0.0 <2.0.0-0' },
          { syrxControllerId: credentials.id, serviceId: serviceIds.control, assignedVersion: '>=1.0.0 <2.0.0-0' },
        ]);
        if (discover) await tx.insert(bacnetQueryMessages).values({ syrxControllerId: credentials.id, messageType: 'DiscoverDevices' });
      });
    }
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  }
  await setDemoConnection(db, credentials.id, network);
  return { ...credentials, created };
}

async function setDemoConnection(db: Db, id: string, network: DemoNetwork): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(bacnetConnectionConfigurations).values({ syrxControllerId: id, ipAddress: network.agentAddress, portNum: 47808 })
      .onConflictDoUpdate({ target: bacnetConnectionConfigurations.syrxControllerId, set: { ipAddress: network.agentAddress, portNum: 47808 } });
    await tx.delete(bacnetConnectionBbmdServers).where(eq(bacnetConnectionBbmdServers.syrxControllerId, id));
    if (network.bbmd) {
      await tx.insert(bacnetConnectionBbmdServers).values({ syrxControllerId: id, position: 0, ipAddress: network.bbmd.ip, ipMask: '255.255.255.255', portNum: network.bbmd.port });
    }
  });
}
