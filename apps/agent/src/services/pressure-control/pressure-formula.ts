/**
 * The building pressure formula of docs/pressure-control.md, in its customary units: heights in feet, temperatures in
 * °F, pressures in inches of water column. Pure: no I/O, no clock.
 */

/** °F → °R. */
export const rankine = (fahrenheit: number): number => fahrenheit + 459.67;

/** The stack coefficient in in. w.c. per foot per (1/°R). */
export const stackCoefficient = 7.64;

export interface StackInput {
  /** The transmitter's height above grade, ft. */
  heightFt: number;
  /** The neutral pressure plane's height above grade, ft. */
  neutralPlaneFt: number;
  outdoorF: number;
  indoorF: number;
}

/**
 * ΔP_stack = 7.64 · (h − h_NPL) · (1/T_out − 1/T_in), in in. w.c., temperatures in °R. Positive above the neutral
 * plane in the heating season (T_out < T_in).
 */
export function stackPressure(s: StackInput): number {
  return stackCoefficient * (s.heightFt - s.neutralPlaneFt) * (1 / rankine(s.outdoorF) - 1 / rankine(s.indoorF));
}

/** A transmitter's pressure normalised to the neutral plane: P_norm,i = P_measured,i − ΔP_stack,i (in. w.c.). */
export function normalisedPressure(measuredInWc: number, s: StackInput): number {
  return measuredInWc - stackPressure(s);
}

export interface TransmitterReading {
  id: number;
  heightFt: number;
  /** The measured pressure, in. w.c. */
  pressure: number;
}

export interface PressureResult {
  /** Each transmitter's measured and normalised pressure, in the order given. */
  transmitters: { id: number; pressure: number; normalized: number }[];
  /** The mean of the normalised pressures; null when no transmitter is given. */
  pnorm: number | null;
}

/**
 * Normalises every transmitter that answered and averages them: Pnorm = (1/n) Σ P_norm,i. A temperature at or below
 * absolute zero, or a value that is not finite, is a programming or sensor fault and throws a RangeError.
 */
export function computePnorm(readings: readonly TransmitterReading[], o: { neutralPlaneFt: number; outdoorF: number; indoorF: number }): PressureResult {
  for (const [name, t] of [['outdoor', o.outdoorF], ['indoor', o.indoorF]] as const) {
    if (!Number.isFinite(t) || rankine(t) <= 0) throw new RangeError(`The ${name} temperature ${t} °F is not a temperature`);
  }
  if (!Number.isFinite(o.neutralPlaneFt)) throw new RangeError(`The neutral plane height ${o.neutralPlaneFt} ft is not a height`);
  const transmitters = readings.map((r) => {
    if (!Number.isFinite(r.pressure) || !Number.isFinite(r.heightFt)) throw new RangeError(`Transmitter ${r.id}: pressure ${r.pressure} at ${r.heightFt} ft cannot be normalised`);
    const normalized = normalisedPressure(r.pressure, { heightFt: r.heightFt, neutralPlaneFt: o.neutralPlaneFt, outdoorF: o.outdoorF, indoorF: o.indoorF });
    return { id: r.id, pressure: r.pressure, normalized };
  });
  const pnorm = transmitters.length === 0 ? null : transmitters.reduce((sum, t) => sum + t.normalized, 0) / transmitters.length;
  return { transmitters, pnorm };
}
