import type { BacnetConnection, BbmdServer } from '@syrx/contracts/controllers';
import type { Db } from '../../db/client.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { Actor } from '../../security/actor.ts';
import type { ControllersService } from './controllers.service.ts';
import { connectionRepo } from './connection.repo.ts';

/** A controller's BACnet/IP connection: its local address and port, and the BBMDs it registers with. */
export function createConnectionService(db: Db, controllers: ControllersService, events: DomainEvents) {
  const forChange = async (actor: Actor, id: string) => {
    controllers.requireManager(actor);
    controllers.requireAdmin(actor, (await controllers.accessible(actor, id)).group_id);
  };
  return {
    async get(actor: Actor, id: string): Promise<BacnetConnection | null> {
      await controllers.accessible(actor, id);
      return connectionRepo.find(db, id);
    },
    async put(actor: Actor, id: string, c: { ip_address: string; port_num: number; apdu_timeout_ms: number; apdu_retries: number }): Promise<BacnetConnection> {
      await forChange(actor, id);
      await connectionRepo.upsert(db, id, c);
      events.emit('controller-config-changed', id);
      return { syrx_controller_id: id, ...c };
    },
    /** Removing the configuration also clears the BBMD servers, which mean nothing without it. */
    async remove(actor: Actor, id: string): Promise<void> {
      await forChange(actor, id);
      await db.transaction(async (tx) => {
        await connectionRepo.replaceBbmd(tx, id, []);
        await connectionRepo.delete(tx, id);
      });
      events.emit('controller-config-changed', id);
    },
    async listBbmd(actor: Actor, id: string): Promise<BbmdServer[]> {
      await controllers.accessible(actor, id);
      return connectionRepo.listBbmd(db, id);
    },
    async putBbmd(actor: Actor, id: string, servers: { ip_address: string; ip_mask: string; port_num: number }[]): Promise<BbmdServer[]> {
      await forChange(actor, id);
      await db.transaction((tx) => connectionRepo.replaceBbmd(tx, id, servers));
      events.emit('controller-config-changed', id);
      return connectionRepo.listBbmd(db, id);
    },
  };
}
export type ConnectionService = ReturnType<typeof createConnectionService>;
