import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { Db } from './db/client.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import type { AgentsService } from './modules/controllers/agents.service.ts';
import type { AuditService } from './modules/audit/audit.service.ts';
import type { DiagnosticsService } from './modules/diagnostics/diagnostics.service.ts';
import type { MetricsService } from './modules/metrics/metrics.service.ts';
import type { ServiceLogsService } from './modules/service-logs/service-logs.service.ts';
import type { TerminalService } from './modules/terminal/terminal.service.ts';
import type { ConnectionService } from './modules/controllers/connection.service.ts';
import type { ControllersService } from './modules/controllers/controllers.service.ts';
import type { EnabledServicesService } from './modules/controllers/enabled-services.service.ts';
import type { DevicesService } from './modules/devices/devices.service.ts';
import type { PointUploadsService } from './modules/points/point-uploads.service.ts';
import type { PointsService } from './modules/points/points.service.ts';
import type { QueryMessagesService } from './modules/query-messages/query-messages.service.ts';
import type { AgentLink } from './modules/realtime/agent-link.service.ts';
import type { PressureControlService } from './modules/pressure-control/pressure-control.service.ts';
import type { RecordsService } from './modules/records/records.service.ts';
import type { ServiceVersionsService } from './modules/service-versions/service-versions.service.ts';
import type { GroupsService } from './modules/groups/groups.service.ts';
import type { JobsService, JobWorker } from './modules/jobs/jobs.service.ts';
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
    audit: AuditService;
    serviceLogs: ServiceLogsService;
    diagnostics: DiagnosticsService;
    metrics: MetricsService;
    terminal: TerminalService;
    pressureControl: PressureControlService;
    /** Service types, artifacts and versions; the agents' configuration lists the published versions. */
    serviceVersions: ServiceVersionsService;
    /** Background jobs: create() queues one (docs/jobs.md). */
    jobs: JobsService;
    /** This process's job worker: register(handler) adds a job type's handler; it runs when JOB_WORKER is on. */
    jobWorker: JobWorker;
  };
  guards: Guards;
}

export type Routes = (app: FastifyInstance, ctx: AppContext) => void;
/** The fastify instance as route files see it: zod schemas type the handlers. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
