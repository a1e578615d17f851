import { z } from 'zod';
import { type pointUploadResultSchema, pointUploadBeginSchema, pointUploadItemSchema } from './points.ts';
import { reportingConfigSchema } from './records.ts';

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

export const criticalUnitStatusSchema = z.object({
  unit: z.string().max(200),
  active_state: z.string().max(50),
  sub_state: z.string().max(50).optional(),
});
export type CriticalUnitStatus = z.infer<typeof criticalUnitStatusSchema>;

/** agent → server, every heartbeat interval and right after connecting. */
export const heartbeatSchema = z.object({
  services: z.array(z.object({
    service_id: z.string().max(200),
    reported_version: z.string().max(100).nullable(),
    /** What the service says about itself (e.g. the reporting buffer's depth); shown on its page. */
    diagnostics: z.record(z.string().max(64), z.union([z.number(), z.string().max(500), z.boolean(), z.null()])).optional(),
  })).max(32),
  critical_statuses: z.array(criticalUnitStatusSchema).max(64),
});
export type Heartbeat = z.infer<typeof heartbeatSchema>;

/** A device the agent watches (not ignored): its address and the database revision the server knows. */
export const agentDeviceSchema = z.object({
  id: z.number().int(),
  mac_address: z.string(),
  network: z.number().int(),
  destination_mac_address: z.string(),
  destination_network: z.number().int(),
  instance_number: z.number().int(),
  database_revision: z.number().int().nullable(),
});
export type AgentDevice = z.infer<typeof agentDeviceSchema>;

/** What the controller should run and how it reaches the BACnet network; server → agent. */
export const agentConfigSchema = z.object({
  enabled_services: z.array(z.object({ service_id: z.string(), assigned_version: z.string() })),
  devices: z.array(agentDeviceSchema).default([]),
  /** The reporting service's points and settings. */
  reporting: reportingConfigSchema.default({ enabled: false, poll_seconds: 60, points: [] }),
  bacnet: z
    .object({
      ip_address: z.string(),
      port_num: z.number().int(),
      bbmd_servers: z.array(z.object({ ip_address: z.string(), ip_mask: z.string(), port_num: z.number().int() })),
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
} as const;

export const defaultHeartbeatSeconds = 15;
