import { z } from 'zod';
import {
  type CriticalStatusReport, criticalStatusReportSchema, pointHealthRequestTypes, pointHealthSweepFieldsSchema, relinquishPriorityFieldsSchema,
} from './agent-protocol.ts';
import { bacnetLimits, type DeviceAddress, hasDestination } from './bacnet.ts';
import { devicePropertiesSchema } from './devices.ts';
import { pointUploadItemSchema } from './points.ts';

/** Browser ↔ server events of spec 01 section 7, by their exact names. */
export const clientEvents = {
  connect: 'client/server/connect',
  startRequest: 'client/server/start-request',
  stopRequest: 'client/server/stop-request',
  agentStatus: 'server/client/agentStatus',
  requestResponse: 'server/client/request-response',
  /** Sent to a controller's browsers after a heartbeat whose critical unit statuses changed (serviceStatusesSchema). */
  serviceStatuses: 'server/client/serviceStatuses',
  /** How far the agent's reading of a device's points is, for a staged reload (pointReadProgressSchema). */
  pointReadProgress: 'server/client/point-read-progress',
} as const;

export const inactiveWhileDisconnected = 'Inactive while disconnected from agent';

export const connectRequestSchema = z.object({ syrxControllerId: z.string() });

/**
 * DiscoverDevices and ReadProperty are the specification's; ReloadDevice and ReloadPoints are ours: the agent reads
 * a device's properties, or its object list in chunks, and answers with what it read (the browser reviews and submits).
 * The point health sweep's (agent-protocol.ts) are the server's own.
 */
export const requestTypes = ['DiscoverDevices', 'ReadProperty', 'ReloadDevice', 'ReloadPoints', ...pointHealthRequestTypes] as const;
export type RequestType = (typeof requestTypes)[number];

const intOrNull = z.number().int().nullable().optional();

export const readPropertyFieldsSchema = z.object({
  macAddress: z.string().min(1),
  network: z.number().int().min(0).max(65535),
  destinationMacAddress: z.string().nullable().optional(),
  destinationNetwork: intOrNull,
  instanceNumber: z.number().int().min(0).max(4194303),
  objectType: z.number().int().min(0).max(1023).default(8),
  propertyId: z.number().int().min(0).max(4194303).default(77),
  propertyIndex: intOrNull,
});
export type ReadPropertyFields = z.infer<typeof readPropertyFieldsSchema>;

export const discoverDevicesFieldsSchema = z.object({
  network: intOrNull,
  lowLimit: intOrNull,
  highLimit: intOrNull,
  /** The longest to listen for I-Am answers, in seconds (default 10). */
  durationSeconds: z.number().int().min(1).max(60).optional(),
  /** Discovery ends once no new device has answered for this long, in seconds (default 1). */
  quietSeconds: z.number().min(0.1).max(60).optional(),
});

/** Discovery's defaults: it ends after this quiet period with no new I-Am, or at the maximum. */
export const discoveryDefaults = { quietSeconds: 1, maxSeconds: 10 } as const;

/** Where a device is, for ReloadDevice and ReloadPoints. */
export const deviceTargetFieldsSchema = readPropertyFieldsSchema.pick({ macAddress: true, network: true, destinationMacAddress: true, destinationNetwork: true, instanceNumber: true });
export type DeviceTargetFields = z.infer<typeof deviceTargetFieldsSchema>;

/** Where the agent finds a stored device (ReloadDevice, ReloadPoints, the revision watch): no destination when it is reached directly. */
export const deviceTargetOf = (d: DeviceAddress): DeviceTargetFields => ({
  macAddress: d.mac_address,
  network: d.network,
  instanceNumber: d.instance_number,
  destinationMacAddress: hasDestination(d) ? d.destination_mac_address : null,
  destinationNetwork: hasDestination(d) ? d.destination_network : null,
});
export const reloadPointsFieldsSchema = deviceTargetFieldsSchema.extend({
  maxPoints: z.number().int().min(1).max(bacnetLimits.maxPointsPerDevice).default(bacnetLimits.maxPointsPerDevice),
});

const requestHead = { syrxControllerId: z.string(), requestId: z.string().min(1).max(100) };
const readPropertyRequest = z.object({ requestType: z.literal('ReadProperty'), ...requestHead }).extend(readPropertyFieldsSchema.shape);
const discoverDevicesRequest = z.object({ requestType: z.literal('DiscoverDevices'), ...requestHead }).extend(discoverDevicesFieldsSchema.shape);
const reloadDeviceRequest = z.object({ requestType: z.literal('ReloadDevice'), ...requestHead }).extend(deviceTargetFieldsSchema.shape);
const reloadPointsRequest = z.object({ requestType: z.literal('ReloadPoints'), ...requestHead }).extend(reloadPointsFieldsSchema.shape);
/** PointHealthSweep and RelinquishPriority with the device's address (agent-protocol.ts). */
export const pointHealthSweepRequestFieldsSchema = deviceTargetFieldsSchema.extend(pointHealthSweepFieldsSchema.shape);
export const relinquishPriorityRequestFieldsSchema = deviceTargetFieldsSchema.extend(relinquishPriorityFieldsSchema.shape);
const pointHealthSweepRequest = z.object({ requestType: z.literal('PointHealthSweep'), ...requestHead }).extend(pointHealthSweepRequestFieldsSchema.shape);
const relinquishPriorityRequest = z.object({ requestType: z.literal('RelinquishPriority'), ...requestHead }).extend(relinquishPriorityRequestFieldsSchema.shape);
/** A request to an agent, as the agent reads it. */
export const startRequestSchema = z.discriminatedUnion('requestType', [
  readPropertyRequest, discoverDevicesRequest, reloadDeviceRequest, reloadPointsRequest, pointHealthSweepRequest, relinquishPriorityRequest,
]);
export type StartRequest = z.infer<typeof startRequestSchema>;
/**
 * client/server/start-request: what a browser may ask an agent through the server. Not ReloadPoints: the server asks
 * for the points and stages them (POST …/reload-points/stage), so a point list never crosses a browser's socket.
 */
export const browserRequestSchema = z.discriminatedUnion('requestType', [readPropertyRequest, discoverDevicesRequest, reloadDeviceRequest]);

/**
 * The BACnet device itself failed, not the agent: it answered with an error (BacnetError), aborted or rejected the
 * request (BacnetAbort), did not answer (BacnetTimeout), or the request could not be made (BacnetFailure).
 */
export const deviceExceptionTypes = ['BacnetError', 'BacnetAbort', 'BacnetTimeout', 'BacnetFailure'] as const;
export type DeviceExceptionType = (typeof deviceExceptionTypes)[number];

/**
 * Every ExceptionType of an answer, by who sends it. The agent: the device exceptions, NotSupported (it does not handle
 * the request type), InvalidRequest (fields it cannot read), Error (anything else). The server, failing a browser's
 * request it relays: InvalidRequest, NotConnected, AgentDisconnected, Timeout.
 */
export const exceptionTypes = [...deviceExceptionTypes, 'NotSupported', 'InvalidRequest', 'Error', 'NotConnected', 'AgentDisconnected', 'Timeout'] as const;
export type ExceptionType = (typeof exceptionTypes)[number];

/** True when the BACnet device failed (rather than the agent or the server). */
export const isDeviceException = (type: string | null | undefined): type is DeviceExceptionType =>
  (deviceExceptionTypes as readonly (string | null | undefined)[]).includes(type);

/** A BACnet Error PDU's class and code (BacnetError only). */
export interface BacnetErrorIds {
  errorClass: number;
  errorCode: number;
}

/** One answer to a request; a request gets an acknowledgement, then data, then a final answer. */
export const responseDataSchema = z.object({
  IsAcknowledgement: z.boolean(),
  IsSuccessful: z.boolean(),
  Data: z.unknown(),
  IsException: z.boolean(),
  /** An unknown name (an older agent's) reads as Error. */
  ExceptionType: z.enum(exceptionTypes).nullable().catch((ctx) => (typeof ctx.value === 'string' ? 'Error' : null)),
  ExceptionMessage: z.string().nullable(),
  /** The Error PDU's class and code when the device answered with one (BacnetError). */
  BacnetErrorClass: z.number().int().nullable().optional(),
  BacnetErrorCode: z.number().int().nullable().optional(),
  /** True on the last answer of a request. */
  IsComplete: z.boolean().optional(),
});
export type ResponseData = z.infer<typeof responseDataSchema>;

export const requestResponseSchema = z.object({
  requestId: z.string(),
  exception: z.string().nullable(),
  data: responseDataSchema.nullable(),
});
export type RequestResponse = z.infer<typeof requestResponseSchema>;

/** An I-Am as DiscoverDevices reports it. */
export const discoveredDeviceSchema = z.object({
  MacAddress: z.string(),
  Network: z.number().int(),
  DestinationMacAddress: z.string(),
  DestinationNetwork: z.number().int(),
  InstanceNumber: z.number().int(),
});
export type DiscoveredDevice = z.infer<typeof discoveredDeviceSchema>;

const answer = (over: Partial<ResponseData>): ResponseData => ({
  IsAcknowledgement: false, IsSuccessful: true, Data: null, IsException: false, ExceptionType: null, ExceptionMessage: null, IsComplete: false, ...over,
});
/** The first answer to a request: it was received and started. */
export const acknowledgement = (): ResponseData => answer({ IsAcknowledgement: true });
export const dataResponse = (data: unknown, complete: boolean): ResponseData => answer({ Data: data, IsComplete: complete });
/** A final answer carrying an exception. */
export const exceptionResponse = (type: ExceptionType, message: string, bacnet?: BacnetErrorIds): ResponseData =>
  answer({
    IsSuccessful: false, IsException: true, ExceptionType: type, ExceptionMessage: message, IsComplete: true,
    ...(bacnet ? { BacnetErrorClass: bacnet.errorClass, BacnetErrorCode: bacnet.errorCode } : {}),
  });

/** ReloadDevice's final Data. */
export const reloadDeviceResultSchema = devicePropertiesSchema;

/** ReloadPoints' intermediate Data: how far the reading is. */
export const reloadPointsProgressSchema = z.object({
  phase: z.enum(['object-list', 'properties']),
  done: z.number().int(),
  total: z.number().int().nullable(),
});
export type ReloadPointsProgress = z.infer<typeof reloadPointsProgressSchema>;

/** server/client/point-read-progress: the progress of a staged reload of a device's points, to its controller's browsers. */
export const pointReadProgressSchema = z.object({
  syrxControllerId: z.string(),
  deviceId: z.number().int(),
  /** The read id the browser gave when it asked for the reload. */
  readId: z.string(),
  progress: reloadPointsProgressSchema,
});
export type PointReadProgress = z.infer<typeof pointReadProgressSchema>;

/**
 * ReloadPoints' final Data: the device's points, one per entry of its object list (the device object included,
 * as "OBJECT_DEVICE:n"), indices 1… up to maxPoints (spec: capped at 2000).
 */
export const reloadPointsResultSchema = z.object({
  database_revision: z.number().int().nullable(),
  /** The length of the object list (index 0). */
  object_count: z.number().int(),
  truncated: z.boolean(),
  points: z.array(pointUploadItemSchema),
});
export type ReloadPointsResult = z.infer<typeof reloadPointsResultSchema>;

/** server/client/agentStatus: whether the controller's agent is connected to the server. */
export const agentStatusSchema = z.object({ syrxControllerId: z.string(), connected: z.boolean() });
export type AgentStatus = z.infer<typeof agentStatusSchema>;

/** The acknowledgement of client/server/connect. */
export const connectAckSchema = z.union([z.object({ connected: z.boolean() }), z.object({ error: z.string() })]);
export type ConnectAck = z.infer<typeof connectAckSchema>;

/** GET /api/SyrxControllers/{id}/critical-systemd-service-statuses: the agent's latest report of its units. */
export const criticalStatusesReportSchema = criticalStatusReportSchema;
export type CriticalStatusesReport = CriticalStatusReport;
/** server/client/serviceStatuses: the controller and its new report, as the GET above answers it. */
export const serviceStatusesSchema = criticalStatusesReportSchema.extend({ syrxControllerId: z.string() });
export type ServiceStatuses = z.infer<typeof serviceStatusesSchema>;
