import { EventState, Reliability } from '@bacnet-js/client';

/** A library enum's members by the kebab-case names BACnet tools show ("no-fault-detected", "high-limit"). */
function namesOf(enumeration: Record<string, string | number>): ReadonlyMap<string, number> {
  return new Map(
    Object.entries(enumeration)
      .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
      .map(([key, value]) => [key.toLowerCase().replaceAll('_', '-'), value]),
  );
}

export const reliabilityByName = namesOf(Reliability);
export const eventStateByName = namesOf(EventState);

/** A name or number of the enumeration, as its number; undefined when it names nothing there. */
function resolver(byName: ReadonlyMap<string, number>): (v: string | number) => number | undefined {
  const known = new Set(byName.values());
  return (v) => (typeof v === 'number' ? (known.has(v) || v >= 64 ? v : undefined) : byName.get(v));
}

/** A point's Reliability ("no-sensor", "unreliable-other" … or the number; 64 and up are vendors'). */
export const resolveReliability = resolver(reliabilityByName);
/** A point's Event_State ("normal", "offnormal", "high-limit" … or the number; 64 and up are vendors'). */
export const resolveEventState = resolver(eventStateByName);
