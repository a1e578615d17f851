import { parseArgs } from 'node:util';
import { z } from 'zod';
import { serviceLogLevels } from '@syrx/contracts/service-logs';

const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const ipPort = z.string().trim().refine((s) => {
  const [ip = '', port, ...rest] = s.split(':');
  return rest.length === 0 && ipv4.test(ip) && (port === undefined || (/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535));
}, 'expected ip or ip:port, e.g. 192.168.1.10:47808').transform((s) => (s.includes(':') ? s : `${s}:47808`));

const schema = z.object({
  serverUrl: z.string().url(),
  controllerId: z.string().uuid(),
  controllerPassword: z.string().min(1),
  /** Local BACnet/IP interface; the server's BACnet connection configuration takes precedence when set. */
  bacnetAddress: z.string().regex(ipv4, 'expected an IPv4 address').default('0.0.0.0'),
  bacnetPort: z.coerce.number().int().min(1).max(65535).default(47808),
  /** Where broadcasts go when no BBMD is used (the subnet's broadcast address, or 255.255.255.255). */
  broadcastAddress: z.string().regex(ipv4, 'expected an IPv4 address').default('255.255.255.255'),
  /** BBMDs to register with as a foreign device when the server's configuration names none ("ip:port", comma-separated). */
  bbmdServers: z.preprocess((v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v), z.array(ipPort)).default([]),
  /** How often every watched device's Database_Revision is read. */
  revisionCheckSeconds: z.coerce.number().positive().default(300),
  heartbeatSeconds: z.coerce.number().positive().default(15),
  /** Where the agent keeps its data (the reporting buffer), one sub-folder per controller id. */
  dataDir: z.string().trim().min(1).default('./agent-data'),
  /** The reporting buffer's bound: beyond it the oldest records are dropped. */
  bufferMaxRecords: z.coerce.number().int().positive().default(2_000_000),
  logLevel: z.enum(['error', 'warn', 'info', 'debug']).default('info'),
  /** Service log entries from this level up are shipped to the server (TRACE … FATAL, any case). */
  shipLogLevel: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(serviceLogLevels)).default('INFO'),
  /** The diagnostic service's snapshot interval, and its metric samples'. */
  diagnosticsSeconds: z.coerce.number().positive().default(30),
  metricsSeconds: z.coerce.number().positive().default(15),
  /** How long a newly installed service version has to report healthy before the updater rolls it back. */
  serviceHealthTimeoutSeconds: z.coerce.number().positive().default(30),
  /** How long after a failed package download the updater tries again (a new configuration tries at once). */
  updateRetrySeconds: z.coerce.number().positive().default(300),
  /** The rabbitmqctl command that reads the controller's broker (e.g. "rabbitmqctl" or "sudo -n rabbitmqctl"); none: not configured. */
  rabbitmq: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim() : undefined), z.string().optional()),
  /** What a terminal's shell starts from: the user's $SHELL, and PATH, LANG and TZ (never the agent's secrets). */
  shell: z.string().optional(),
  terminalEnvironment: z.record(z.string(), z.string()).default({}),
});
export type AgentSettings = z.infer<typeof schema>;

/**
 * Settings from flags (--server-url …) or the environment (SYRX_SERVER_URL …), flags winning;
 * fails with the list of what is missing or wrong.
 */
export function loadSettings(argv = process.argv.slice(2), env = process.env): AgentSettings {
  const { values } = parseArgs({
    args: argv,
    options: {
      'server-url': { type: 'string' }, 'controller-id': { type: 'string' }, 'controller-password': { type: 'string' },
      'bacnet-address': { type: 'string' }, 'bacnet-port': { type: 'string' }, 'broadcast-address': { type: 'string' },
      'bbmd': { type: 'string' }, 'revision-check-seconds': { type: 'string' }, 'heartbeat-seconds': { type: 'string' },
      'data-dir': { type: 'string' }, 'buffer-max-records': { type: 'string' }, 'log-level': { type: 'string' },
      'ship-log-level': { type: 'string' }, 'diagnostics-seconds': { type: 'string' }, 'metrics-seconds': { type: 'string' },
      'rabbitmq': { type: 'string' }, 'service-health-timeout-seconds': { type: 'string' }, 'update-retry-seconds': { type: 'string' },
    },
  });
  const parsed = schema.safeParse({
    serverUrl: values['server-url'] ?? env.SYRX_SERVER_URL,
    controllerId: values['controller-id'] ?? env.SYRX_CONTROLLER_ID,
    controllerPassword: values['controller-password'] ?? env.SYRX_CONTROLLER_PASSWORD,
    bacnetAddress: values['bacnet-address'] ?? env.SYRX_BACNET_ADDRESS,
    bacnetPort: values['bacnet-port'] ?? env.SYRX_BACNET_PORT,
    broadcastAddress: values['broadcast-address'] ?? env.SYRX_BROADCAST_ADDRESS,
    bbmdServers: values.bbmd ?? env.SYRX_BBMD_SERVERS,
    revisionCheckSeconds: values['revision-check-seconds'] ?? env.SYRX_REVISION_CHECK_SECONDS,
    heartbeatSeconds: values['heartbeat-seconds'] ?? env.SYRX_HEARTBEAT_SECONDS,
    dataDir: values['data-dir'] ?? env.SYRX_DATA_DIR,
    bufferMaxRecords: values['buffer-max-records'] ?? env.SYRX_BUFFER_MAX_RECORDS,
    logLevel: values['log-level'] ?? env.SYRX_LOG_LEVEL,
    shipLogLevel: values['ship-log-level'] ?? env.SYRX_SHIP_LOG_LEVEL,
    diagnosticsSeconds: values['diagnostics-seconds'] ?? env.SYRX_DIAGNOSTICS_SECONDS,
    metricsSeconds: values['metrics-seconds'] ?? env.SYRX_METRICS_SECONDS,
    rabbitmq: values.rabbitmq ?? env.SYRX_RABBITMQ,
    serviceHealthTimeoutSeconds: values['service-health-timeout-seconds'] ?? env.SYRX_SERVICE_HEALTH_TIMEOUT_SECONDS,
    updateRetrySeconds: values['update-retry-seconds'] ?? env.SYRX_UPDATE_RETRY_SECONDS,
    shell: env.SHELL || undefined,
    terminalEnvironment: Object.fromEntries(['PATH', 'LANG', 'TZ'].flatMap((k) => (env[k] ? [[k, env[k]]] : []))),
  });
  if (!parsed.success) {
    throw new Error(`Invalid agent settings:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  return parsed.data;
}
