import {
  type AgentTask, createControlService, createDiagnosticService, createLiveLogs, createLogger, createLogShipper, type DiagnosticService, type LiveLogs,
  LogHub, type Logger, lowerLevel, pinoLevelName, serviceLogger, type ServiceModule,
} from '@syrx/agent/testing';
import type { ServiceLogLevel } from '@syrx/contracts/service-logs';
import { serviceIds } from '@syrx/contracts/services';
import type { TestApps } from './test-app.ts';

/** The agent's remote-operation parts: log shipping, live logs, the diagnostic service (with metrics) and the control service. */
export interface OperationsOptions {
  /** A fresh directory for the logs, diagnostics and metrics queues. */
  dataDir: string;
  shipLogLevel?: ServiceLogLevel;
  /** The rabbitmqctl command (`--rabbitmq`); none: the broker is not configured. */
  rabbitmq?: string;
  diagnosticsSeconds?: number;
  metricsSeconds?: number;
}

export interface OperationsParts {
  /** The agent's root logger, as main.ts makes it: its lines reach the log shipper and the live logs (not stdout). */
  root: Logger;
  /** A service's logger (its lines carry the service id), as main.ts gives each service. */
  loggerOf(serviceId: string): Logger;
  services: ServiceModule[];
  tasks: AgentTask[];
  diagnostic: DiagnosticService;
  liveLogs: LiveLogs;
}

/**
 * Builds the parts as main.ts does, without systemd (live logs stream the agent's own lines from info up): each
 * service logs through the log hub, which ships entries from `shipLogLevel` up and feeds the live logs.
 */
export function operationsParts(controllerId: string, o: OperationsOptions): OperationsParts {
  const hub = new LogHub();
  const shipLevel = o.shipLogLevel ?? 'INFO';
  const output = 'info';
  const root = createLogger(output, { controllerId }, { tap: { level: lowerLevel(pinoLevelName[shipLevel], output), write: hub.write }, destination: { write: () => undefined } });
  const loggerOf = (serviceId: string) => serviceLogger(root, serviceId);
  const agentLogger = serviceLogger(root, serviceIds.updater, 'Syrx.Agent');
  const liveLogs = createLiveLogs({ hub, outputLevel: root.levels.values[output] ?? 30, logger: agentLogger, systemd: false, intervalMs: 50 });
  const diagnostic = createDiagnosticService({
    version: '1.0.0', logger: loggerOf(serviceIds.diagnostic), dataDir: o.dataDir, systemd: false,
    diagnosticsSeconds: o.diagnosticsSeconds ?? 1, metricsSeconds: o.metricsSeconds ?? 1, ...(o.rabbitmq ? { rabbitmq: o.rabbitmq } : {}),
  });
  // /bin/sh rather than root's login bash: this machine's ~/.bashrc (pyenv init) never finishes in a pseudo-terminal,
  // so bash would print no prompt and run nothing; the shell the agent is given is what the terminal is about.
  const control = createControlService({ version: '1.0.0', logger: loggerOf(serviceIds.control), shell: '/bin/sh', environment: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' } });
  return {
    root, loggerOf, diagnostic, liveLogs,
    services: [diagnostic, control],
    tasks: [createLogShipper({ hub, shipLevel, dataDir: o.dataDir, logger: agentLogger }), liveLogs],
  };
}

/** A scratch directory for the agent's queues, removed after the test. */
export const queuesDir = (apps: TestApps): string => apps.tempDir('syrx-agent-operations-');
