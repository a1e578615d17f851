import { z } from 'zod';
import { objectTypeNames } from './bacnet-names.ts';
import { deviceObjects } from './model/object-groups.ts';
import type { DeviceDefinition } from './site.schema.ts';

const maxInstance = 4194302;

/**
 * A Trend_Log object: it logs the present-value of another object of the same device every `logIntervalSeconds`,
 * keeping the newest `bufferSize` records. `historySeconds` is how far back its buffer reaches when the simulator
 * starts (default: a full buffer), as a device that had been logging all along.
 */
export const trendLogSchema = z
  .object({
    instance: z.number().int().min(0).max(maxInstance),
    name: z.string().min(1).max(255),
    description: z.string().default(''),
    object: z.object({ type: z.enum(objectTypeNames), instance: z.number().int().min(0).max(maxInstance) }).strict(),
    logIntervalSeconds: z.number().int().min(1).max(86_400).default(60),
    bufferSize: z.number().int().min(1).max(100_000).default(1440),
    historySeconds: z.number().int().min(0).optional(),
    enable: z.boolean().default(true),
  })
  .strict();

export type TrendLogDefinition = z.infer<typeof trendLogSchema>;

/** A trend log's object is one of the device's own, and its instance and name are its own. */
export function checkTrendLogs(device: Pick<DeviceDefinition, 'name' | 'objects' | 'objectGroups' | 'trendLogs'>, ctx: z.RefinementCtx): void {
  const objects = deviceObjects(device);
  const ids = new Set(objects.map((o) => `${o.type}:${o.instance}`));
  const names = new Set([device.name, ...objects.map((o) => o.name)]);
  const instances = new Set<number>();
  device.trendLogs.forEach((log, i) => {
    const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: ['trendLogs', i, field], message });
    if (!ids.has(`${log.object.type}:${log.object.instance}`)) issue('object', `the device has no ${log.object.type} ${log.object.instance} to log`);
    if (instances.has(log.instance)) issue('instance', `trend log ${log.instance} is defined twice`);
    if (names.has(log.name)) issue('name', `object name "${log.name}" is used twice (object names are unique within a device)`);
    instances.add(log.instance);
    names.add(log.name);
  });
}
