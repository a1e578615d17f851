import type { AgentsService } from '../controllers/agents.service.ts';
import type { ControllersService } from '../controllers/controllers.service.ts';
import type { DevicesService } from '../devices/devices.service.ts';
import type { DiagnosticsService } from '../diagnostics/diagnostics.service.ts';
import type { MetricsService } from '../metrics/metrics.service.ts';
import type { PointUploadsService } from '../points/point-uploads.service.ts';
import type { PressureControlService } from '../pressure-control/pressure-control.service.ts';
import type { QueryMessagesService } from '../query-messages/query-messages.service.ts';
import type { RecordsService } from '../records/records.service.ts';
import type { ServiceLogsService } from '../service-logs/service-logs.service.ts';
import type { TerminalService } from '../terminal/terminal.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AgentLink } from './agent-link.service.ts';

/** The services the realtime gateway uses (agents' uploads, browsers' relayed requests, terminals); app.ts passes them. */
export interface RealtimeServices {
  agentLink: AgentLink;
  agents: AgentsService;
  controllers: ControllersService;
  devices: DevicesService;
  diagnostics: DiagnosticsService;
  metrics: MetricsService;
  pointUploads: PointUploadsService;
  pressureControl: PressureControlService;
  queryMessages: QueryMessagesService;
  records: RecordsService;
  serviceLogs: ServiceLogsService;
  terminal: TerminalService;
  users: UsersService;
}
