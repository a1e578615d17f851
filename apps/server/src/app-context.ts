import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { Db } from './db/client.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import type { AgentsService } from './modules/controllers/agents.service.ts';
import type { ConnectionService } from './modules/controllers/connection.service.ts';
import type { ControllersService } from './modules/controllers/controllers.service.ts';
import type { EnabledServicesService } from './modules/controllers/enabled-services.service.ts';
import type { DevicesService } from './modules/devices/devices.service.ts';
import type { PointUploadsService } from './modules/points/point-uploads.service.ts';
import type { PointsService } from './modules/points/points.service.ts';
import type { QueryMessagesService } from './modules/query-messages/query-messages.service.ts';
import type { AgentLink } from './modules/realtime/agent-link.service.ts';
import type { RecordsService } from './modules/records/records.service.ts';
import type { GroupsService } from './modules/groups/groups.service.ts';
import type { RegistrationService } from './modules/users/registration.service.ts';
import type { UsersService } from './modules/users/users.service.ts';
import type { Guards } from './plugins/session.ts';

/** What route plugins receive: configuration, services and the guards; built once in app.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  services: {
    auth: AuthService;
    users: UsersService;
    groups: GroupsService;
    registration: RegistrationService;
    controllers: ControllersService;
    connection: ConnectionService;
    enabledServices: EnabledServicesService;
    agents: AgentsService;
    agentLink: AgentLink;
    devices: DevicesService;
    points: PointsService;
    pointUploads: PointUploadsService;
    queryMessages: QueryMessagesService;
    records: RecordsService;
  };
  guards: Guards;
}

export type Routes = (app: FastifyInstance, ctx: AppContext) => void;
/** The fastify instance as route files see it: zod schemas type the handlers. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
