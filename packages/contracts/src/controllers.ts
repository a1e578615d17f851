import { z } from 'zod';
import { dbIdSchema } from './ids.ts';
import { assignedVersionSchema } from './semver-range.ts';
import { serviceRolloutSchema } from './service-rollout.ts';
import { serviceIdSchema } from './services.ts';

export const controllerMessages = {
  invalidUuid: 'Controller ID entered is not a valid UUID',
  registrationFailed: 'Error with Syrx Controller ID or Password',
  updaterRequired: 'Syrx.UpdaterService cannot be disabled.',
  invalidIp: 'Enter a valid IPv4 address',
  invalidPort: 'Enter a port from 1 to 65535',
} as const;

export const defaultBacnetPort = 47808;
export const defaultBbmdMask = '255.255.255.255';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const controllerIdSchema = z.string().trim().regex(uuidV4, controllerMessages.invalidUuid).transform((s) => s.toLowerCase());

const octet = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
export const ipv4Pattern = new RegExp(`^${octet}(\\.${octet}){3}$`);
export const ipv4Schema = z.string().trim().regex(ipv4Pattern, controllerMessages.invalidIp);
export const portSchema = z.coerce
  .number({ error: controllerMessages.invalidPort })
  .int(controllerMessages.invalidPort)
  .min(1, controllerMessages.invalidPort)
  .max(65535, controllerMessages.invalidPort);

export const syrxControllerSchema = z.object({
  id: z.string(),
  group_id: z.number().int().nullable(),
  group_name: z.string().nullable(),
  name: z.string(),
  description: z.string(),
});
export type SyrxController = z.infer<typeof syrxControllerSchema>;

/** POST /api/SyrxControllers answers with the agent's password, shown this once only. */
export const createdControllerSchema = syrxControllerSchema.extend({ password: z.string() });

export const controllerInputSchema = z.object({
  name: z.string().trim().max(200).default(''),
  description: z.string().trim().max(2000).default(''),
  /** The owning group; defaults to the caller's current group on create. */
  group_id: dbIdSchema.optional(),
});
export type ControllerInput = z.input<typeof controllerInputSchema>;

export const controllerScopes = ['current_group', 'all_groups'] as const;
export type ControllerScope = (typeof controllerScopes)[number];

export const registerControllerSchema = z.object({
  syrx_controller_id: controllerIdSchema,
  password: z.string().min(1, 'Required').max(200),
});

/** A network's APDU timing (ASHRAE 135 clause 5.4): how long one transmission waits, and how often it is sent again. */
export const apduTimingDefaults = { apdu_timeout_ms: 3000, apdu_retries: 3 } as const;
export const apduTimeoutMsSchema = z.coerce.number({ error: 'APDU timeout: 100 to 60000 ms' }).int('APDU timeout: 100 to 60000 ms').min(100, 'APDU timeout: 100 to 60000 ms').max(60_000, 'APDU timeout: 100 to 60000 ms');
export const apduRetriesSchema = z.coerce.number({ error: 'APDU retries: 0 to 10' }).int('APDU retries: 0 to 10').min(0, 'APDU retries: 0 to 10').max(10, 'APDU retries: 0 to 10');

export const bacnetConnectionSchema = z.object({
  syrx_controller_id: z.string(),
  ip_address: z.string(),
  port_num: z.number().int(),
  apdu_timeout_ms: z.number().int(),
  apdu_retries: z.number().int(),
});
export type BacnetConnection = z.infer<typeof bacnetConnectionSchema>;
export const bacnetConnectionInputSchema = z.object({
  ip_address: ipv4Schema,
  port_num: portSchema.default(defaultBacnetPort),
  apdu_timeout_ms: z.preprocess((v) => (v === null || v === '' ? undefined : v), apduTimeoutMsSchema.default(apduTimingDefaults.apdu_timeout_ms)),
  apdu_retries: z.preprocess((v) => (v === null || v === '' ? undefined : v), apduRetriesSchema.default(apduTimingDefaults.apdu_retries)),
});

export const bbmdServerSchema = z.object({
  syrx_controller_id: z.string(),
  ip_address: z.string(),
  ip_mask: z.string(),
  port_num: z.number().int(),
});
export type BbmdServer = z.infer<typeof bbmdServerSchema>;
export const bbmdServerInputSchema = z.object({
  ip_address: ipv4Schema,
  ip_mask: z.preprocess((v) => (v === null || v === '' ? undefined : v), ipv4Schema.default(defaultBbmdMask)),
  port_num: z.preprocess((v) => (v === null || v === '' ? undefined : v), portSchema.default(defaultBacnetPort)),
});
export const bbmdServersInputSchema = z.array(bbmdServerInputSchema).max(64);

export const enabledServiceSchema = z.object({
  syrx_controller_id: z.string(),
  service_id: z.string(),
  assigned_version: z.string(),
  reported_version: z.string().nullable(),
  last_contact: z.string().nullable(),
  /**
   * What the service last reported about itself in the agent's heartbeat; null before it reported any. The server
   * always sends it; optional in the type so that clients and fixtures written before it still read.
   */
  diagnostics: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])).nullish(),
  /** Where the agent's updater stands with the service (service-rollout.ts); null before an agent reported one. */
  rollout: serviceRolloutSchema.nullish(),
});
export type EnabledService = z.infer<typeof enabledServiceSchema>;
export const enabledServiceInputSchema = z.object({ service_id: serviceIdSchema, assigned_version: assignedVersionSchema });
export const enabledServicesInputSchema = z.array(enabledServiceInputSchema).max(32);

export const countSchema = z.object({ count: z.number().int() });

/** GET …/critical-systemd-service-statuses: the agent's latest report of its critical units (404: none yet). */
export { type CriticalStatusReport, criticalStatusReportSchema } from './agent-protocol.ts';
