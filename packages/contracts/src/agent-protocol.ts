import { z } from 'zod';
import { deviceAddressSchema } from './bacnet.ts';
import { type pointUploadResultSchema, pointUploadBeginSchema, pointUploadItemSchema } from './points.ts';
import { disabledPressureConfig, pressureAgentConfigSchema } from './pressure-control.ts';
import { reportingConfigSchema } from './records.ts';
import { rolloutStates, serviceRolloutSchema } from './service-rollout.ts';
import { type Check, guarded, isArrayOf, isFiniteNumber, isObjectOf, isStringOrNullUpTo, isStringUpTo } from './guarded.ts';
import { artifactFileShape } from './service-versions.ts';

/**
 * The server ↔ agent protocol on the Socket.IO namespace `/agent`. The agent authenticates in the
 * handshake with its controller id and password.
 */
export const agentNamespace = '/agent';

export const agentHandshakeSchema = z.object({
  controller_id: z.string().uuid(),
  password: z.string().min(1).max(200),
  agent_version: z.string().max(50).optional(),
});
export type AgentHandshake = z.infer<typeof agentHandshakeSchema>;

/** Why the server refused an agent's handshake (Socket.IO connect_error message). */
export const agentAuthErrors = { invalid: 'invalid controller credentials', rateLimited: 'too many attempts' } as const;

/**
 * The agent's credentials on an HTTP call (the updater's package downloads): the controller id and password in these
 * headers, checked against the controller's secret as the socket handshake is.
 */
export const agentCredentialHeaders = { controllerId: 'x-syrx-controller-id', password: 'x-syrx-controller-password' } as const;

/** The agent's credentials of a request's headers, or null when it carries none (or not valid ones). */
export function agentCredentialsOf(headers: Record<string, string | string[] | undefined>): { controllerId: string; password: string } | null {
  const id = headers[agentCredentialHeaders.controllerId];
  const password = headers[agentCredentialHeaders.password];
  if (id === undefined && password === undefined) return null;
  const ok = agentHandshakeSchema.pick({ controller_id: true, password: true }).safeParse({ controller_id: id, password });
  return ok.success ? { controllerId: ok.data.controller_id, password: ok.data.password } : null;
}

export const criticalUnitStatusSchema = z.object({
  unit: z.string().max(200),
  active_state: z.string().max(50),
  sub_state: z.string().max(50).optional(),
});
export type CriticalUnitStatus = z.infer<typeof criticalUnitStatusSchema>;

/**
 * Whether a controller's last status report still speaks for it: 'reporting' while its agent is connected and was
 * heard within two heartbeats, 'silent' after that, 'disconnected' once its connection closed.
 */
export const agentReportStateSchema = z.enum(['reporting', 'silent', 'disconnected']);
export type AgentReportState = z.infer<typeof agentReportStateSchema>;

/** The agent's latest report of its critical units, as the server answers it (GET and server/client/serviceStatuses). */
export const criticalStatusReportSchema = z.object({ statuses: z.array(criticalUnitStatusSchema), reported_at: z.string(), agent_state: agentReportStateSchema });
export type CriticalStatusReport = z.infer<typeof criticalStatusReportSchema>;

/** agent → server, every heartbeat interval and right after connecting. */
export const heartbeatSchema = z.object({
  services: z.array(z.object({
    service_id: z.string().max(200),
    reported_version: z.string().max(100).nullable(),
    /** What the service says about itself (e.g. the reporting buffer's depth); shown on its page. */
    diagnostics: z.record(z.string().max(64), z.union([z.number(), z.string().max(500), z.boolean(), z.null()])).optional(),
    /** Where the updater stands with the service (sent by an agent that rolls out published versions). */
    rollout: serviceRolloutSchema.optional(),
  })).max(32),
  critical_statuses: z.array(criticalUnitStatusSchema).max(64),
  /** How often the agent sends heartbeats; the server calls it silent after two of them (default: defaultHeartbeatSeconds). */
  heartbeat_seconds: z.number().positive().optional(),
});
export type Heartbeat = z.infer<typeof heartbeatSchema>;

// heartbeatSchema as a plain type guard (the agents' most frequent event: zod took 10–30 µs for an agent's heartbeat of
// six services and their diagnostics, and copied every object). guarded.test.ts holds it to the schema.
const statusKeys = new Set(['unit', 'active_state', 'sub_state']);
const isUnitStatus = (x: unknown): x is CriticalUnitStatus =>
  isObjectOf(x, statusKeys) && isStringUpTo(x.unit, 200) && isStringUpTo(x.active_state, 50) && (x.sub_state === undefined || isStringUpTo(x.sub_state, 50));
const rolloutKeys = new Set(['state', 'target_version', 'reason', 'since']);
const isRolloutState = (x: unknown) => typeof x === 'string' && (rolloutStates as readonly string[]).includes(x);
const isRollout = (x: unknown) =>
  isObjectOf(x, rolloutKeys) && isRolloutState(x.state) && isStringOrNullUpTo(x.target_version, 100) && isStringOrNullUpTo(x.reason, 2000) && isStringUpTo(x.since, 40);
const isDiagnostics = (x: unknown) => {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  for (const k in x) {
    const v = (x as Record<string, unknown>)[k];
    if (k.length > 64 || k === '__proto__' || !(v === null || typeof v === 'boolean' || isFiniteNumber(v) || isStringUpTo(v, 500))) return false;
  }
  return true;
};
const serviceKeys = new Set(['service_id', 'reported_version', 'diagnostics', 'rollout']);
const isServiceReport = (x: unknown): x is Heartbeat['services'][number] =>
  isObjectOf(x, serviceKeys) && isStringUpTo(x.service_id, 200) && isStringOrNullUpTo(x.reported_version, 100)
  && (x.diagnostics === undefined || isDiagnostics(x.diagnostics)) && (x.rollout === undefined || isRollout(x.rollout));
const heartbeatKeys = new Set(['services', 'critical_statuses', 'heartbeat_seconds']);
const isHeartbeat = (x: unknown): x is Heartbeat =>
  isObjectOf(x, heartbeatKeys) && isArrayOf(x.services, 0, 32, isServiceReport) && isArrayOf(x.critical_statuses, 0, 64, isUnitStatus)
  && (x.heartbeat_seconds === undefined || (isFiniteNumber(x.heartbeat_seconds) && x.heartbeat_seconds > 0));
/** heartbeatSchema with a type guard in front (a well-formed heartbeat is used as it came). */
export const heartbeatCheck: Check<Heartbeat> = guarded(heartbeatSchema, isHeartbeat);

/** A device the agent watches (not ignored): its address and the database revision the server knows. */
export const agentDeviceSchema = z.object({
  id: z.number().int(),
  ...deviceAddressSchema.shape,
  database_revision: z.number().int().nullable(),
});
export type AgentDevice = z.infer<typeof agentDeviceSchema>;

/** A published version of an enabled service, as the updater needs it to choose, download and verify. */
export const agentServiceVersionSchema = z.object({
  version_name: z.string(),
  artifact_id: z.number().int(),
  ...artifactFileShape,
});
export type AgentServiceVersion = z.infer<typeof agentServiceVersionSchema>;

export const agentEnabledServiceSchema = z.object({
  service_id: z.string(),
  assigned_version: z.string(),
  /** Every published version of the service (any order); the updater picks the highest in the assigned range. */
  versions: z.array(agentServiceVersionSchema).default([]),
});
export type AgentEnabledService = z.infer<typeof agentEnabledServiceSchema>;

/** What the controller should run and how it reaches the BACnet network; server → agent. */
export const agentConfigSchema = z.object({
  enabled_services: z.array(agentEnabledServiceSchema),
  devices: z.array(agentDeviceSchema).default([]),
  /** The reporting service's points and settings. */
  reporting: reportingConfigSchema.default({ enabled: false, poll_seconds: 60, points: [] }),
  /** The building pressure control service's loop (docs/pressure-control.md). */
  pressure_control: pressureAgentConfigSchema.default(disabledPressureConfig),
  bacnet: z
    .object({
      ip_address: z.string(),
      port_num: z.number().int(),
      bbmd_servers: z.array(z.object({ ip_address: z.string(), ip_mask: z.string(), port_num: z.number().int() })),
      /** This network's APDU timeout and retries (ASHRAE 135 clause 5.4); the agent's defaults (3000 ms, 3) when absent. */
      apdu_timeout_ms: z.number().int().min(100).max(60_000).optional(),
      apdu_retries: z.number().int().min(0).max(10).optional(),
    })
    .nullable(),
});
export type AgentConfig = z.infer<typeof agentConfigSchema>;

/**
 * agent → server, acknowledged: a device's point list, in the same begin / batches of 500 / complete steps as the
 * REST upload. The agent sends it when a device's Database_Revision changed.
 */
export const agentPointUploadSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('begin'), device_id: z.number().int() }).extend(pointUploadBeginSchema.shape),
  z.object({ action: z.literal('batch'), upload_id: z.number().int(), points: z.array(pointUploadItemSchema).max(500) }),
  z.object({ action: z.literal('complete'), upload_id: z.number().int() }),
]);
export type AgentPointUpload = z.infer<typeof agentPointUploadSchema>;
export type AgentPointUploadAck =
  | { ok: true; upload_id?: number; result?: z.infer<typeof pointUploadResultSchema> }
  | { ok: false; error: string };

export const agentEvents = {
  heartbeat: 'agent/server/heartbeat',
  config: 'server/agent/config',
  request: 'server/agent/request',
  stopRequest: 'server/agent/stop-request',
  response: 'agent/server/response',
  pointUpload: 'agent/server/point-upload',
  records: 'agent/server/records',
  /** server → agent, acknowledged: backfill points from their devices' trend logs (agentBackfillRequestSchema). */
  backfill: 'server/agent/backfill',
  /** Buffered uploads, acknowledged: service logs (agentLogsUploadSchema), metric samples, diagnostics snapshots. */
  logs: 'agent/server/logs',
  metrics: 'agent/server/metrics',
  diagnostics: 'agent/server/diagnostics',
  /** Live logs: the server says whether anyone watches ({ watch }); the agent streams { logEntries } meanwhile. */
  liveLogsWatch: 'server/agent/live-logs',
  liveLogs: 'agent/server/live-logs',
  /** Terminal sessions of the control service (see terminal.ts and terminalAgentSchemas). */
  terminalOpen: 'server/agent/terminal-open',
  terminalInput: 'server/agent/terminal-input',
  terminalResize: 'server/agent/terminal-resize',
  terminalClose: 'server/agent/terminal-close',
  terminalOutput: 'agent/server/terminal-output',
  terminalExit: 'agent/server/terminal-exit',
  /** The pressure control loop's status after each iteration (pressureStatusSchema), acknowledged. */
  pressureStatus: 'agent/server/pressure-status',
} as const;

/** The terminal messages between server and agent; open is acknowledged with { ok: true } or { ok: false, error }. */
export const terminalAgentSchemas = {
  open: z.object({ terminalId: z.string().min(1).max(100), cols: z.number().int().min(2).max(1000), rows: z.number().int().min(2).max(500) }),
  input: z.object({ terminalId: z.string().min(1).max(100), data: z.string().max(65_536) }),
  resize: z.object({ terminalId: z.string().min(1).max(100), cols: z.number().int().min(2).max(1000), rows: z.number().int().min(2).max(500) }),
  close: z.object({ terminalId: z.string().min(1).max(100) }),
  output: z.object({ terminalId: z.string().min(1).max(100), data: z.string().max(1_048_576) }),
  exit: z.object({ terminalId: z.string().min(1).max(100), exitCode: z.number().int().nullable() }),
};
export type AgentUploadAck = { ok: true; stored: number } | { ok: false; error: string };

export const defaultHeartbeatSeconds = 15;
/** What the server allows a heartbeat for its batching and transit. */
export const silenceGraceSeconds = 2;
/** Silence after which an agent's report no longer counts: two heartbeats and the grace. */
export const silentAfterSeconds = (heartbeatSeconds: number = defaultHeartbeatSeconds): number => 2 * heartbeatSeconds + silenceGraceSeconds;

/**
 * The point health sweep's requests to an agent (issue 25, docs/point-health.md), sent as every server request is
 * (`server/agent/request`, answered with responses; their full fields with the device's address are in realtime.ts).
 * PointHealthSweep reads the listed objects of one device; RelinquishPriority writes NULL to one object's present-value
 * at one priority and reads back what the device holds.
 */
export const pointHealthRequestTypes = ['PointHealthSweep', 'RelinquishPriority'] as const;

const objectTypeNumber = z.number().int().min(0).max(1023);
const objectInstance = z.number().int().min(0).max(4194303);
/** A property's value as the device gave it (a REAL or enumeration as a number, a BOOLEAN, text), or null. */
export const bacnetValueSchema = z.union([z.number(), z.boolean(), z.string().max(1000), z.null()]);
export type BacnetValue = z.infer<typeof bacnetValueSchema>;

/** PointHealthSweep, besides the device: its objects to read, as [object type, instance]. */
export const pointHealthSweepFieldsSchema = z.object({
  objects: z.array(z.tuple([objectTypeNumber, objectInstance])).max(5000),
});

/** Status_Flags, bit by bit. */
export const statusFlagsSchema = z.object({ in_alarm: z.boolean(), fault: z.boolean(), overridden: z.boolean(), out_of_service: z.boolean() });
export type StatusFlags = z.infer<typeof statusFlagsSchema>;

/** The 16 slots of a priority array (index 0 is priority 1), null where empty. */
export const priorityArraySchema = z.array(bacnetValueSchema).length(16);

/** One object's health as its device answered; a property the device did not give (or refused) is null. */
export const pointHealthReadingSchema = z.object({
  object_type: objectTypeNumber,
  instance_number: objectInstance,
  /** The device no longer has the object (unknown-object). */
  missing: z.boolean(),
  present_value: bacnetValueSchema,
  status_flags: statusFlagsSchema.nullable(),
  out_of_service: z.boolean().nullable(),
  reliability: z.number().int().nullable(),
  event_state: z.number().int().nullable(),
  /** Commandable objects only (outputs, and values that have one). */
  priority_array: priorityArraySchema.nullable(),
  relinquish_default: bacnetValueSchema,
});
export type PointHealthReading = z.infer<typeof pointHealthReadingSchema>;

/** PointHealthSweep's final Data: one reading per object asked for, in the same order. */
export const pointHealthSweepResultSchema = z.object({ readings: z.array(pointHealthReadingSchema) });
export type PointHealthSweepResult = z.infer<typeof pointHealthSweepResultSchema>;

/** RelinquishPriority, besides the device: the object and the priority to release (1–16). */
export const relinquishPriorityFieldsSchema = z.object({
  objectType: objectTypeNumber,
  objectInstance,
  priority: z.number().int().min(1).max(16),
});

/** RelinquishPriority's final Data: the object's present-value and priority array after the write. */
export const relinquishPriorityResultSchema = z.object({ present_value: bacnetValueSchema, priority_array: priorityArraySchema.nullable() });
export type RelinquishPriorityResult = z.infer<typeof relinquishPriorityResultSchema>;
