import { z } from 'zod';
import { deviceInputSchema } from '@syrx/contracts/devices';
import { AppError } from '@syrx/contracts/errors';
import { pageOf } from '@syrx/contracts/grid';
import { type QueryMessage, type queryMessageListQuerySchema } from '@syrx/contracts/query-messages';
import { discoveredDeviceSchema } from '@syrx/contracts/realtime';
import { canonicalServiceId, serviceIds } from '@syrx/contracts/services';
import type { Db } from '../../db/client.ts';
import type { BackgroundTasks } from '../../lib/background-tasks.ts';
import { orderByOf } from '../../lib/grid-sql.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import type { DevicesService } from '../devices/devices.service.ts';
import { AgentCallError, type AgentLink } from '../realtime/agent-link.service.ts';
import type { Actor } from '../../security/actor.ts';
import { messageListWhere, queryMessageSortColumns, queryMessagesRepo as repo, sortableQueryMessageFields } from './query-messages.repo.ts';

export type QueryMessageListQuery = z.infer<typeof queryMessageListQuerySchema>;
export interface DiscoverDevicesParameters {
  network?: number | null | undefined;
  low_limit?: number | null | undefined;
  high_limit?: number | null | undefined;
}

/** Valid devices of a DiscoverDevices answer, as the console stores them (entries that do not read as addresses are left out). */
function devicesOf(data: unknown): { found: number; devices: z.infer<typeof deviceInputSchema>[] } {
  const list = z.array(z.unknown()).safeParse(data);
  const entries = (list.success ? list.data : []).flatMap((e) => {
    const d = discoveredDeviceSchema.safeParse(e);
    if (!d.success) return [];
    const input = deviceInputSchema.safeParse({
      mac_address: d.data.MacAddress, network: d.data.Network, instance_number: d.data.InstanceNumber,
      destination_mac_address: d.data.DestinationMacAddress, destination_network: d.data.DestinationNetwork,
    });
    return input.success ? [input.data] : [];
  });
  return { found: new Set(entries.map((e) => e.instance_number)).size, devices: entries };
}

/**
 * Background Discover-devices messages of a controller's BACnet network query service: created here, sent to the agent
 * when it is connected (or when it connects), acknowledged when it starts, completed with what was found or failed.
 */
export function createQueryMessagesService(db: Db, controllers: ControllersService, devices: DevicesService, agentLink: AgentLink, background: BackgroundTasks) {
  async function controllerFor(actor: Actor, controllerId: string, serviceId: string, change: boolean): Promise<void> {
    const c = await controllers.accessible(actor, controllerId);
    if (canonicalServiceId(serviceId) !== serviceIds.query) throw AppError.notFound('The BACnet network query service');
    if (change) controllers.requireAdmin(actor, c.group_id);
  }

  async function work(id: number): Promise<void> {
    const msg = await repo.claim(db, id);
    if (!msg) return;
    // Set when the agent acknowledges (it started): from then on a failure fails the message instead of re-queuing it.
    const ack: { written: Promise<Error | null> | null } = { written: null };
    try {
      const answer = await agentLink.call(msg.syrxControllerId, { requestType: 'DiscoverDevices', network: msg.network, lowLimit: msg.lowLimit, highLimit: msg.highLimit }, {
        onData: (d) => {
          if (d.IsAcknowledgement) ack.written ??= repo.acknowledge(db, id).then(() => null, (err: unknown) => (err instanceof Error ? err : new Error(String(err))));
        },
      });
      const ackFailure = await ack.written;
      if (ackFailure) throw ackFailure;
      const { found, devices: list } = devicesOf(answer.Data);
      await repo.complete(db, id, found, await devices.addDiscovered(msg.syrxControllerId, list));
    } catch (err) {
      if (err instanceof AgentCallError && !ack.written && ['not-connected', 'disconnected', 'closed'].includes(err.failure)) return repo.release(db, id);
      await repo.fail(db, id, err instanceof AppError ? err.message : 'The discovery failed on the server.');
      if (!(err instanceof AppError)) throw err;
    }
  }

  const dispatch = (id: number) => background.run(`discover-devices message ${id}`, () => work(id));

  return {
    async create(actor: Actor, controllerId: string, serviceId: string, p: DiscoverDevicesParameters): Promise<QueryMessage> {
      await controllerFor(actor, controllerId, serviceId, true);
      const id = await repo.insert(db, controllerId, { network: p.network ?? null, lowLimit: p.low_limit ?? null, highLimit: p.high_limit ?? null });
      const created = await repo.find(db, id);
      if (!created) throw AppError.notFound('The message');
      if (await agentLink.isConnected(controllerId)) dispatch(id);
      return created;
    },

    async list(actor: Actor, controllerId: string, serviceId: string, q: QueryMessageListQuery): Promise<QueryMessage[]> {
      await controllerFor(actor, controllerId, serviceId, false);
      return repo.list(db, messageListWhere(controllerId, q.filter), orderByOf(q.sort, queryMessageSortColumns, sortableQueryMessageFields), pageOf(q));
    },

    async count(actor: Actor, controllerId: string, serviceId: string, q: Pick<QueryMessageListQuery, 'filter'>): Promise<number> {
      await controllerFor(actor, controllerId, serviceId, false);
      return repo.count(db, messageListWhere(controllerId, q.filter));
    },

    /** The controllers' agents connected: send them the messages that waited for them. */
    async agentsConnected(controllerIds: readonly string[]): Promise<void> {
      for (const id of await repo.waiting(db, controllerIds)) dispatch(id);
    },
  };
}
export type QueryMessagesService = ReturnType<typeof createQueryMessagesService>;
