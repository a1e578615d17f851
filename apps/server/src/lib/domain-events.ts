import { EventEmitter } from 'node:events';
import type { PointReadProgress } from '@syrx/contracts/realtime';
import type { AgentBackfillRequest } from '@syrx/contracts/records';

/** Things that happened which other parts of this server instance react to (e.g. pushing config to an agent). */
export interface DomainEventMap {
  'controller-config-changed': [controllerId: string];
  'controller-deleted': [controllerId: string];
  /** A version of the service was published, changed or deleted: the agents that run it get their configuration again. */
  'service-versions-changed': [serviceId: string];
  /** How far a staged reload of a device's points is (the realtime gateway tells the controller's browsers). */
  'point-read-progress': [progress: PointReadProgress];
  /** An administrator deactivated the user: the realtime gateway closes their browsers' sockets. */
  'user-deactivated': [userId: number];
  /** Backfill asked for: the realtime gateway sends it to the controller's agent. */
  'records-backfill-requested': [controllerId: string, request: AgentBackfillRequest];
}

export class DomainEvents extends EventEmitter<DomainEventMap> {}
