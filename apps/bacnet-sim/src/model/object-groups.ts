import type { DeviceDefinition, ObjectDefinition, ObjectGroup } from '../site.schema.ts';

/** Replaces {n} with the number and {n:3} with the number padded to 3 digits. */
export function renderTemplate(template: string, n: number): string {
  return template.replace(/\{n(?::(\d))?\}/g, (_match, width?: string) => String(n).padStart(Number(width ?? 0), '0'));
}

/** The objects of a group; each gets its own phase so that a hundred similar points do not move in lockstep. */
export function expandObjectGroup(group: ObjectGroup): ObjectDefinition[] {
  const { firstInstance, count, name, description, ...shared } = group;
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const value = shared.value?.kind === 'sine' ? { ...shared.value, phaseSeconds: shared.value.phaseSeconds + n * 37 } : shared.value;
    return { ...shared, value, instance: firstInstance + i, name: renderTemplate(name, n), description: renderTemplate(description, n) };
  });
}

/** Every object of a device, explicit ones first, in object-list order. */
export function deviceObjects(device: Pick<DeviceDefinition, 'objects' | 'objectGroups'>): ObjectDefinition[] {
  return [...device.objects, ...device.objectGroups.flatMap(expandObjectGroup)];
}
