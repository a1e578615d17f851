import type { PointHealthReading } from '@syrx/contracts/agent-protocol';
import { eventStateNames, type PointHealthCategory, reliabilityNames } from '@syrx/contracts/point-health';

/** Which commands are overrides: at an operator's priority, or (when the site's programs are named) at any other. */
export interface OverrideRule {
  operatorPriorities: readonly number[];
  /** The priorities the site's programs write at; null: only the operator priorities count. */
  programPriorities: readonly number[] | null;
}

/** One category a reading falls in, with the priority slot that holds the value and why, in words. */
export interface Classified {
  category: Exclude<PointHealthCategory, 'stale' | 'unreachable'>;
  priority: number | null;
  detail: string | null;
}

/** The priorities (1–16) that hold a value, highest precedence first. */
export const heldPriorities = (slots: PointHealthReading['priority_array']): number[] =>
  (slots ?? []).flatMap((v, i) => (v === null ? [] : [i + 1]));

const isOverride = (rule: OverrideRule, p: number) => rule.operatorPriorities.includes(p) || (rule.programPriorities !== null && !rule.programPriorities.includes(p));
const named = (names: Readonly<Record<number, string>>, n: number) => names[n] ?? String(n);
const shown = (v: unknown) => (typeof v === 'string' ? `"${v}"` : String(v));

/**
 * The categories a point's reading falls in (none for a healthy point, several at once for some): overridden
 * (a value at an override priority; the slot is the highest-precedence one such), out of service, fault (the fault flag
 * or a reliability other than no-fault-detected), in alarm (the in-alarm flag or an event state other than normal).
 */
export function classifyReading(r: PointHealthReading, rule: OverrideRule): Classified[] {
  if (r.missing) return [];
  const held = heldPriorities(r.priority_array);
  const winning = held[0] ?? null;
  const out: Classified[] = [];
  const override = held.find((p) => isOverride(rule, p));
  if (override !== undefined) {
    const value = r.priority_array?.[override - 1];
    const shadowed = winning !== null && winning < override ? `, under priority ${winning}` : '';
    out.push({ category: 'overridden', priority: override, detail: `Commanded to ${shown(value)} at priority ${override}${shadowed}` });
  }
  if (r.out_of_service === true || r.status_flags?.out_of_service === true) out.push({ category: 'out_of_service', priority: winning, detail: 'Out of service' });
  const unreliable = r.reliability !== null && r.reliability !== 0;
  if (unreliable || r.status_flags?.fault === true) {
    out.push({ category: 'fault', priority: winning, detail: unreliable ? `Reliability: ${named(reliabilityNames, r.reliability as number)}` : 'Fault flag set' });
  }
  const abnormal = r.event_state !== null && r.event_state !== 0;
  if (abnormal || r.status_flags?.in_alarm === true) {
    out.push({ category: 'in_alarm', priority: winning, detail: abnormal ? `Event state: ${named(eventStateNames, r.event_state as number)}` : 'In-alarm flag set' });
  }
  return out;
}

/** The key that matches a finding across sweeps: its category, device and point (none for an unreachable device). */
export const findingKey = (category: PointHealthCategory, deviceId: number, pointId: number | null): string => `${category}:${deviceId}:${pointId ?? ''}`;
