import { asc, eq } from 'drizzle-orm';
import type { BacnetConnection, BbmdServer } from '@syrx/contracts/controllers';
import type { DbOrTx } from '../../db/client.ts';
import { bacnetConnectionBbmdServers, bacnetConnectionConfigurations } from '../../db/schema/index.ts';
import { inUuids } from '../../db/array-params.ts';

const configColumns = {
  syrx_controller_id: bacnetConnectionConfigurations.syrxControllerId,
  ip_address: bacnetConnectionConfigurations.ipAddress,
  port_num: bacnetConnectionConfigurations.portNum,
  apdu_timeout_ms: bacnetConnectionConfigurations.apduTimeoutMs,
  apdu_retries: bacnetConnectionConfigurations.apduRetries,
};
const bbmdColumns = {
  syrx_controller_id: bacnetConnectionBbmdServers.syrxControllerId,
  ip_address: bacnetConnectionBbmdServers.ipAddress,
  ip_mask: bacnetConnectionBbmdServers.ipMask,
  port_num: bacnetConnectionBbmdServers.portNum,
};

export const connectionRepo = {
  async find(db: DbOrTx, controllerId: string): Promise<BacnetConnection | null> {
    const [row] = await connectionRepo.findOf(db, [controllerId]);
    return row ?? null;
  },

  /** The connection settings of those of the controllers that have them. */
  findOf(db: DbOrTx, controllerIds: readonly string[]): Promise<BacnetConnection[]> {
    return db.select(configColumns).from(bacnetConnectionConfigurations).where(inUuids(bacnetConnectionConfigurations.syrxControllerId, controllerIds));
  },

  async upsert(db: DbOrTx, controllerId: string, c: { ip_address: string; port_num: number; apdu_timeout_ms: number; apdu_retries: number }): Promise<void> {
    const set = { ipAddress: c.ip_address, portNum: c.port_num, apduTimeoutMs: c.apdu_timeout_ms, apduRetries: c.apdu_retries };
    await db
      .insert(bacnetConnectionConfigurations)
      .values({ syrxControllerId: controllerId, ...set })
      .onConflictDoUpdate({ target: bacnetConnectionConfigurations.syrxControllerId, set });
  },

  async delete(db: DbOrTx, controllerId: string): Promise<void> {
    await db.delete(bacnetConnectionConfigurations).where(eq(bacnetConnectionConfigurations.syrxControllerId, controllerId));
  },

  listBbmd(db: DbOrTx, controllerId: string): Promise<BbmdServer[]> {
    return connectionRepo.bbmdOf(db, [controllerId]);
  },

  /** The BBMD servers of the controllers, each controller's in its order. */
  bbmdOf(db: DbOrTx, controllerIds: readonly string[]): Promise<BbmdServer[]> {
    return db
      .select(bbmdColumns)
      .from(bacnetConnectionBbmdServers)
      .where(inUuids(bacnetConnectionBbmdServers.syrxControllerId, controllerIds))
      .orderBy(asc(bacnetConnectionBbmdServers.syrxControllerId), asc(bacnetConnectionBbmdServers.position));
  },

  async replaceBbmd(db: DbOrTx, controllerId: string, servers: { ip_address: string; ip_mask: string; port_num: number }[]): Promise<void> {
    await db.delete(bacnetConnectionBbmdServers).where(eq(bacnetConnectionBbmdServers.syrxControllerId, controllerId));
    if (servers.length === 0) return;
    await db.insert(bacnetConnectionBbmdServers).values(
      servers.map((s, position) => ({ syrxControllerId: controllerId, position, ipAddress: s.ip_address, ipMask: s.ip_mask, portNum: s.port_num })),
    );
  },
};
