import { EventEmitter } from 'node:events';

/** Things that happened which other parts of this server instance react to (e.g. pushing config to an agent). */
export interface DomainEventMap {
  'controller-config-changed': [controllerId: string];
  'controller-deleted': [controllerId: string];
  /** A version of the service was published, changed or deleted: the agents that run it get their configuration again. */
  'service-versions-changed': [serviceId: string];
}

export class DomainEvents extends EventEmitter<DomainEventMap> {}
