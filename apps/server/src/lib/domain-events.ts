import { EventEmitter } from 'node:events';

/** Things that happened which other parts of this server instance react to (e.g. pushing config to an agent). */
export interface DomainEventMap {
  'controller-config-changed': [controllerId: string];
  'controller-deleted': [controllerId: string];
}

export class DomainEvents extends EventEmitter<DomainEventMap> {}
