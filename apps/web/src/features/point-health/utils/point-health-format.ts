import type { BacnetValue, StatusFlags } from '@syrx/contracts/agent-protocol';
import { objectIdLabel } from '@syrx/contracts/bacnet';
import {
  type FindingChange, findingChanges, type PointHealthCategory, pointHealthCategories, type PointHealthFinding, type PointHealthSweep,
} from '@syrx/contracts/point-health';
import { formatPointValue } from '../../../lib/value-format';

export const pointHealthPath = '/commissioning/point-health';

/** The findings of a sweep, filtered (a category, a controller, a change against the previous sweep). */
export function sweepPath(id: number, filter: { category?: PointHealthCategory | undefined; controller?: string | undefined; change?: FindingChange | undefined } = {}): string {
  const q = new URLSearchParams();
  if (filter.category) q.set('category', filter.category);
  if (filter.controller) q.set('syrx_controller_id', filter.controller);
  if (filter.change) q.set('change', filter.change);
  const search = q.toString();
  return `${pointHealthPath}/sweeps/${id}${search ? `?${search}` : ''}`;
}

/** A category of a page's search parameter, or undefined for any other text. */
export const categoryOf = (v: string | null): PointHealthCategory | undefined => pointHealthCategories.find((c) => c === v);
export const changeOf = (v: string | null): FindingChange | undefined => findingChanges.find((c) => c === v);

/** What was swept: the controller's name, or the group's. */
export const scopeLabel = (s: Pick<PointHealthSweep, 'scope' | 'syrx_controller_name' | 'group_name'>): string =>
  s.scope === 'controller' ? (s.syrx_controller_name ?? 'A controller') : `${s.group_name ?? 'A group'} (group)`;

/** A value as the device gave it (numbers as the point grids show them), with the point's units ("DEGREES_FAHRENHEIT") in words. */
export function valueText(v: BacnetValue, units: string | null = null): string {
  if (v === null) return '';
  const text = typeof v === 'number' ? formatPointValue(v) : String(v);
  return units && typeof v === 'number' ? `${text} ${units.toLowerCase().replaceAll('_', ' ')}` : text;
}

const flagLabels: Record<keyof StatusFlags, string> = { in_alarm: 'in alarm', fault: 'fault', overridden: 'overridden', out_of_service: 'out of service' };
/** The status flags that are set, in words. */
export const flagsSet = (f: StatusFlags | null): string[] => (f ? (Object.keys(flagLabels) as (keyof StatusFlags)[]).filter((k) => f[k]).map((k) => flagLabels[k]) : []);

/** The point as the grid names it: its name, or its object id when it has none; the device alone for an unreachable one. */
export const pointLabel = (f: Pick<PointHealthFinding, 'point_name' | 'object_type' | 'instance_number'>): string =>
  f.object_type === null ? '' : (f.point_name ?? objectIdLabel(f.object_type, f.instance_number ?? 0));

export const deviceLabel = (f: Pick<PointHealthFinding, 'device_name' | 'device_instance'>): string => f.device_name ?? `Device ${f.device_instance}`;

/** A finding that can be relinquished now: an override not yet released. */
export const canRelinquish = (f: Pick<PointHealthFinding, 'category' | 'priority' | 'relinquished_at' | 'change'>): boolean =>
  f.category === 'overridden' && f.priority !== null && f.relinquished_at === null && f.change !== 'resolved';
