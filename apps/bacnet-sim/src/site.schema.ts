import { z } from 'zod';
import { objectKind, objectRole, objectTypeNames, resolveUnits } from './bacnet-names.ts';
import { resolveEventState, resolveReliability } from './condition-names.ts';
import { checkSiteConsistency } from './site-consistency.ts';
import { checkTrendLogs, trendLogSchema } from './trend-log.schema.ts';

const maxInstance = 4194302; // 4194303 is the "any device" wildcard

const ipv4 = z
  .string()
  .regex(/^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/, 'expected an IPv4 address such as 127.0.10.11')
  .refine((ip) => ip.split('.').every((octet) => Number(octet) <= 255), 'each part of an IPv4 address is at most 255');

const udpPort = z.number().int().min(1).max(65535);

export const udpAddressSchema = z
  .object({ ip: ipv4, port: udpPort.default(47808) })
  .strict()
  .refine((a) => !(a.ip === '127.0.0.1' && a.port === 47808), {
    message: '127.0.0.1:47808 is treated as "self" by @bacnet-js/client, which drops its packets; use another 127.0.x.y address',
  });

const seconds = z.number().positive();

export const valuePatternSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('constant'), value: z.number() }).strict(),
  z
    .object({ kind: z.literal('sine'), min: z.number(), max: z.number(), periodSeconds: seconds, phaseSeconds: z.number().default(0) })
    .strict()
    .refine((p) => p.min <= p.max, { message: 'min must not exceed max', path: ['max'] }),
  z.object({ kind: z.literal('ramp'), from: z.number(), to: z.number(), periodSeconds: seconds }).strict(),
  z.object({ kind: z.literal('step'), values: z.array(z.number()).min(1), intervalSeconds: seconds }).strict(),
  z.object({ kind: z.literal('noise'), base: z.number(), amplitude: z.number().nonnegative(), intervalSeconds: seconds.default(30) }).strict(),
]);

const unitsSchema = z.union([z.string(), z.number().int().nonnegative()]).refine((u) => resolveUnits(u) !== undefined, {
  message: 'unknown engineering unit; use a name such as "degrees-fahrenheit", "inches-of-water", "percent", or the enumeration number',
});

const reliabilitySchema = z.union([z.string(), z.number().int().nonnegative()]).refine((r) => resolveReliability(r) !== undefined, {
  message: 'unknown reliability; use a name such as "no-fault-detected", "no-sensor", "unreliable-other", or the enumeration number',
});
const eventStateSchema = z.union([z.string(), z.number().int().nonnegative()]).refine((e) => resolveEventState(e) !== undefined, {
  message: 'unknown event state; use "normal", "fault", "offnormal", "high-limit", "low-limit", "life-safety-alarm", or the number',
});
/** A value commanded at a priority when the device starts (an operator's override at 8, a program's at 10 …). */
const commandSchema = z.object({ priority: z.number().int().min(1).max(16), value: z.number() }).strict();

/** Fields an object and an object group share; kind-specific ones are checked in refineObjectFields. */
const objectFields = {
  type: z.enum(objectTypeNames),
  description: z.string().default(''),
  units: unitsSchema.optional(),
  covIncrement: z.number().positive().optional(),
  stateTexts: z.array(z.string().min(1)).min(1).optional(),
  activeText: z.string().optional(),
  inactiveText: z.string().optional(),
  outOfService: z.boolean().default(false),
  /** The sensor's or output's condition: Reliability (default no-fault-detected) and Event_State (default normal). */
  reliability: reliabilitySchema.optional(),
  eventState: eventStateSchema.optional(),
  /** Entries of the priority array at start (outputs and values only). */
  commands: z.array(commandSchema).max(16).optional(),
  value: valuePatternSchema.optional(),
};

type ObjectFields = z.infer<z.ZodObject<typeof objectFields>>;

function refineObjectFields(o: ObjectFields, ctx: z.RefinementCtx): void {
  const kind = objectKind(o.type);
  const only = (field: keyof ObjectFields, allowed: boolean, what: string) => {
    if (!allowed && o[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${field} applies only to ${what} objects` });
  };
  only('units', kind === 'analog', 'analog');
  only('covIncrement', kind === 'analog', 'analog');
  only('stateTexts', kind === 'multistate', 'multi-state');
  only('activeText', kind === 'binary', 'binary');
  only('inactiveText', kind === 'binary', 'binary');
  if (o.commands && objectRole(o.type) === 'input') ctx.addIssue({ code: 'custom', path: ['commands'], message: 'commands apply only to outputs and values (inputs have no priority array)' });
  const priorities = new Set<number>();
  o.commands?.forEach((c, i) => {
    if (priorities.has(c.priority)) ctx.addIssue({ code: 'custom', path: ['commands', i, 'priority'], message: `priority ${c.priority} is commanded twice` });
    priorities.add(c.priority);
  });
  if (kind === 'multistate' && !o.stateTexts) {
    ctx.addIssue({ code: 'custom', path: ['stateTexts'], message: 'multi-state objects need stateTexts (one text per state)' });
  }
}

export const objectSchema = z
  .object({ ...objectFields, instance: z.number().int().min(0).max(maxInstance), name: z.string().min(1).max(255) })
  .strict()
  .superRefine(refineObjectFields);

/** Many similar objects at once: names and descriptions are templates where {n} is 1…count ({n:3} pads to 3 digits). */
export const objectGroupSchema = z
  .object({
    ...objectFields,
    firstInstance: z.number().int().min(0).max(maxInstance),
    count: z.number().int().min(1).max(10000),
    name: z.string().regex(/\{n(:\d)?\}/, 'a group name must contain {n} so that each object gets a unique name'),
  })
  .strict()
  .superRefine(refineObjectFields);

export const deviceSchema = z
  .object({
    instance: z.number().int().min(0).max(maxInstance),
    name: z.string().min(1).max(255),
    vendorName: z.string().min(1),
    vendorId: z.number().int().min(0).max(65535),
    modelName: z.string().min(1),
    description: z.string().default(''),
    location: z.string().default(''),
    firmwareRevision: z.string().default('1.0.0'),
    applicationSoftwareVersion: z.string().default('1.0'),
    address: udpAddressSchema.optional(),
    network: z.number().int().min(1).max(65534).optional(),
    mac: z.number().int().min(0).max(254).optional(),
    maxApdu: z.number().int().min(50).max(1476).default(1476),
    supportsRpm: z.boolean().default(true),
    supportsCov: z.boolean().default(true),
    /** Segmentation_Supported: whether the device sends replies longer than one APDU in segments, and takes segmented requests. */
    segmentation: z.enum(['both', 'transmit', 'receive', 'none']).default('none'),
    /** The window size it proposes when it sends segments, and the most it accepts when it receives them. */
    segmentWindow: z.number().int().min(1).max(127).default(4),
    databaseRevision: z.number().int().min(0).default(1),
    objects: z.array(objectSchema).default([]),
    objectGroups: z.array(objectGroupSchema).default([]),
    trendLogs: z.array(trendLogSchema).default([]),
  })
  .strict()
  .superRefine((d, ctx) => {
    checkTrendLogs(d, ctx);
    if ((d.address === undefined) === (d.network === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'give either address (a device on the IP network) or network and mac (a device behind a router)' });
    }
    if ((d.network === undefined) !== (d.mac === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['mac'], message: 'a device behind a router needs both network and mac' });
    }
  });

export const routerSchema = z
  .object({
    name: z.string().min(1),
    address: udpAddressSchema,
    network: z.number().int().min(1).max(65534),
    /** Also deliver local broadcasts (no DNET) to the devices behind, which strict routing does not (see README). */
    forwardLocalBroadcasts: z.boolean().default(false),
  })
  .strict();

export const bbmdSchema = z
  .object({
    name: z.string().min(1).default('BBMD'),
    address: udpAddressSchema,
    bdt: z.array(z.object({ ip: ipv4, port: udpPort.default(47808), mask: ipv4.default('255.255.255.255') }).strict()).default([]),
  })
  .strict();

export const siteSchema = z
  .object({
    name: z.string().min(1),
    description: z.string().default(''),
    /** The address the site's addresses are relative to when the site is moved with the baseAddress option. */
    baseAddress: ipv4.optional(),
    devices: z.array(deviceSchema).min(1),
    routers: z.array(routerSchema).default([]),
    bbmd: bbmdSchema.optional(),
  })
  .strict()
  .superRefine(checkSiteConsistency);

export type UdpAddress = z.infer<typeof udpAddressSchema>;
export type ValuePattern = z.infer<typeof valuePatternSchema>;
export type ObjectDefinition = z.infer<typeof objectSchema>;
export type ObjectGroup = z.infer<typeof objectGroupSchema>;
export type DeviceDefinition = z.infer<typeof deviceSchema>;
export type RouterDefinition = z.infer<typeof routerSchema>;
export type BbmdDefinition = z.infer<typeof bbmdSchema>;
export type Site = z.infer<typeof siteSchema>;
/** What a caller may pass to startSite or addObject: defaults not yet applied. */
export type SiteInput = z.input<typeof siteSchema>;
export type ObjectInput = z.input<typeof objectSchema>;
