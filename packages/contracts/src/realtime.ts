import { z } from 'zod';

/** Browser ↔ server events of spec 01 section 7, by their exact names. */
export const clientEvents = {
  connect: 'client/server/connect',
  startRequest: 'client/server/start-request',
  stopRequest: 'client/server/stop-request',
  agentStatus: 'server/client/agentStatus',
  requestResponse: 'server/client/request-response',
} as const;

export const inactiveWhileDisconnected = 'Inactive while disconnected from agent';

export const connectRequestSchema = z.object({ syrxControllerId: z.string() });

export const requestTypes = ['DiscoverDevices', 'ReadProperty'] as const;
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
  /** How long to listen for I-Am answers, in seconds. */
  durationSeconds: z.number().int().min(1).max(60).optional(),
});

export const startRequestSchema = z.discriminatedUnion('requestType', [
  z.object({ requestType: z.literal('ReadProperty'), syrxControllerId: z.string(), requestId: z.string().min(1).max(100) }).extend(readPropertyFieldsSchema.shape),
  z.object({ requestType: z.literal('DiscoverDevices'), syrxControllerId: z.string(), requestId: z.string().min(1).max(100) }).extend(discoverDevicesFieldsSchema.shape),
]);
export type StartRequest = z.infer<typeof startRequestSchema>;

/** One answer to a request; a request gets an acknowledgement, then data, then a final answer. */
export const responseDataSchema = z.object({
  IsAcknowledgement: z.boolean(),
  IsSuccessful: z.boolean(),
  Data: z.unknown(),
  IsException: z.boolean(),
  ExceptionType: z.string().nullable(),
  ExceptionMessage: z.string().nullable(),
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
export const exceptionResponse = (type: string, message: string): ResponseData =>
  answer({ IsSuccessful: false, IsException: true, ExceptionType: type, ExceptionMessage: message, IsComplete: true });

/**
 * The destination MAC of a device reached without router addressing (spec: "{ip}:0" with network 0). We read
 * the specification's {ip} as a redacted address and use the unspecified address.
 */
export const noDestinationMac = '0.0.0.0:0';
