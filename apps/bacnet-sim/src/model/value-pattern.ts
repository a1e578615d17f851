import type { ValuePattern } from '../site.schema.ts';

/**
 * The value a pattern gives at a moment. Values are a pure function of the clock (and, for noise, of a seed
 * per object), so a restarted simulator continues where it would have been and tests can pin the clock.
 */
export function evaluatePattern(pattern: ValuePattern, nowMs: number, seed = 0): number {
  const t = nowMs / 1000;
  switch (pattern.kind) {
    case 'constant':
      return pattern.value;
    case 'sine': {
      const angle = (2 * Math.PI * (t + pattern.phaseSeconds)) / pattern.periodSeconds;
      return pattern.min + ((pattern.max - pattern.min) * (1 + Math.sin(angle))) / 2;
    }
    case 'ramp': {
      const cycles = t / pattern.periodSeconds;
      return pattern.from + (pattern.to - pattern.from) * (cycles - Math.floor(cycles));
    }
    case 'step': {
      const index = Math.floor(t / pattern.intervalSeconds) % pattern.values.length;
      return pattern.values[index] ?? pattern.values[0] ?? 0;
    }
    case 'noise': {
      // Value noise: a random point per interval, eased between neighbours, so the signal wanders smoothly.
      const position = t / pattern.intervalSeconds;
      const k = Math.floor(position);
      const f = position - k;
      const eased = f * f * (3 - 2 * f);
      const a = unitRandom(seed, k);
      const b = unitRandom(seed, k + 1);
      return pattern.base + pattern.amplitude * (a + (b - a) * eased);
    }
  }
}

/** A deterministic number in [-1, 1] for a seed and a step. */
function unitRandom(seed: number, step: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(step | 0, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return ((h >>> 0) / 0xffffffff) * 2 - 1;
}

/** A stable seed for an object, so that two sensors with the same noise pattern do not read the same. */
export function patternSeed(...parts: (string | number)[]): number {
  let h = 2166136261;
  for (const ch of parts.join(':')) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h | 0;
}
