import { parseArgs } from 'node:util';
import { z } from 'zod';
import { serviceLogLevels } from '@syrx/contracts/service-logs';
import { readConfigFile } from './config-file.ts';

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
  /** How long a new build of the agent itself has to connect and report healthy before the supervisor rolls it back. */
  agentHealthTimeoutSeconds: z.coerce.number().positive().default(120),
  /** Set by the supervisor (`syrx-agent run`) for the build it starts: an installed version's name, or `base`. */
  agentBuild: z.string().regex(/^(base|[A-Za-z0-9][A-Za-z0-9._+-]*)$/, 'expected base or a version name').optional(),
  /** How long after a failed package download the updater tries again (a new configuration tries at once). */
  updateRetrySeconds: z.coerce.number().positive().default(300),
  /** The rabbitmqctl command that reads the controller's broker (e.g. "rabbitmqctl" or "sudo -n rabbitmqctl"); none: not configured. */
  rabbitmq: z.preprocess((v) => (typeof v === 'string' && v.trim() ? v.trim() : undefined), z.string().optional()),
  /** What a terminal's shell starts from: the user's $SHELL, and PATH, LANG and TZ (never the agent's secrets). */
  shell: z.string().optional(),
  terminalEnvironment: z.record(z.string(), z.string()).default({}),
});
export type AgentSettings = z.infer<typeof schema>;

/** The settings a flag gives (--server-url) or, failing that, the environment (SYRX_SERVER_URL: see envName). */
const flags = {
  serverUrl: 'server-url', controllerId: 'controller-id', controllerPassword: 'controller-password', bacnetAddress: 'bacnet-address',
  bacnetPort: 'bacnet-port', broadcastAddress: 'broadcast-address', bbmdServers: 'bbmd', revisionCheckSeconds: 'revision-check-seconds',
  heartbeatSeconds: 'heartbeat-seconds', dataDir: 'data-dir', bufferMaxRecords: 'buffer-max-records', logLevel: 'log-level',
  shipLogLevel: 'ship-log-level', diagnosticsSeconds: 'diagnostics-seconds', metricsSeconds: 'metrics-seconds', rabbitmq: 'rabbitmq',
  serviceHealthTimeoutSeconds: 'service-health-timeout-seconds', updateRetrySeconds: 'update-retry-seconds',
  agentHealthTimeoutSeconds: 'agent-health-timeout-seconds', agentBuild: 'agent-build',
} as const satisfies Partial<Record<keyof AgentSettings, string>>;

/** A setting's environment variable: SYRX_ and its name in capitals (bbmdServers: SYRX_BBMD_SERVERS). */
const envName = (setting: string) => `SYRX_${setting.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/**
 * Settings from flags (--server-url …), the environment (SYRX_SERVER_URL …) or the configuration file of --config
 * (config-file.ts), in that order; fails with the list of what is missing or wrong.
 */
export function loadSettings(argv = process.argv.slice(2), env = process.env): AgentSettings {
  const { values } = parseArgs({ args: argv, options: Object.fromEntries([...Object.values(flags), 'config'].map((flag) => [flag, { type: 'string' as const }])) });
  const file = values.config ? readConfigFile(values.config) : {};
  const parsed = schema.safeParse({
    ...Object.fromEntries(Object.entries(flags).map(([setting, flag]) => [setting, values[flag] ?? env[envName(setting)] ?? file[setting]])),
    shell: env.SHELL || undefined,
    terminalEnvironment: Object.fromEntries(['PATH', 'LANG', 'TZ'].flatMap((k) => (env[k] ? [[k, env[k]]] : []))),
  });
  if (!parsed.success) {
    throw new Error(`Invalid agent settings:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  return parsed.data;
}
