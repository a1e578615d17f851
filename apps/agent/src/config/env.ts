import { parseArgs } from 'node:util';
import { z } from 'zod';

const schema = z.object({
  serverUrl: z.string().url(),
  controllerId: z.string().uuid(),
  controllerPassword: z.string().min(1),
  /** Local BACnet/IP interface; the server's BACnet connection configuration takes precedence when set. */
  bacnetAddress: z.string().default('0.0.0.0'),
  bacnetPort: z.coerce.number().int().min(1).max(65535).default(47808),
  heartbeatSeconds: z.coerce.number().positive().default(15),
  logLevel: z.enum(['error', 'warn', 'info', 'debug']).default('info'),
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
      'bacnet-address': { type: 'string' }, 'bacnet-port': { type: 'string' }, 'heartbeat-seconds': { type: 'string' },
      'log-level': { type: 'string' },
    },
  });
  const parsed = schema.safeParse({
    serverUrl: values['server-url'] ?? env.SYRX_SERVER_URL,
    controllerId: values['controller-id'] ?? env.SYRX_CONTROLLER_ID,
    controllerPassword: values['controller-password'] ?? env.SYRX_CONTROLLER_PASSWORD,
    bacnetAddress: values['bacnet-address'] ?? env.SYRX_BACNET_ADDRESS,
    bacnetPort: values['bacnet-port'] ?? env.SYRX_BACNET_PORT,
    heartbeatSeconds: values['heartbeat-seconds'] ?? env.SYRX_HEARTBEAT_SECONDS,
    logLevel: values['log-level'] ?? env.SYRX_LOG_LEVEL,
  });
  if (!parsed.success) {
    throw new Error(`Invalid agent settings:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  return parsed.data;
}
