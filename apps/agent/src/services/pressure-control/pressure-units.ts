import { engineeringUnitName } from '@syrx/contracts/bacnet';
import { engineeringUnitNames } from '@syrx/contracts/bacnet-enums';

/** 1 in. w.c. in pascals (docs/pressure-control.md). */
export const pascalsPerInchWc = 248.84;

/** BACnet engineering units the loop knows, by number. */
export const units = {
  inchesOfWater: 58, pascals: 53, hectopascals: 133, millibars: 134, kilopascals: 54,
  degreesFahrenheit: 64, degreesCelsius: 62, degreesKelvin: 63, noUnits: 95,
} as const;

/** A point's units that the loop cannot use (an OAT in percent, a transmitter in °F …). */
export class UnitsError extends Error {
  override readonly name = 'UnsupportedUnits';
}

const byName = new Map(Object.entries(engineeringUnitNames).map(([n, name]) => [name, Number(n)]));
/**
 * The units number for a name as the point list records it ("INCHES_OF_WATER", or "UNITS_300" for one without a
 * name); null for null or a name that is none of these.
 */
export function unitsFromName(name: string | null): number | null {
  if (name === null) return null;
  const known = byName.get(name.trim().toUpperCase());
  if (known !== undefined) return known;
  const numbered = /^UNITS_(\d+)$/i.exec(name.trim());
  return numbered ? Number(numbered[1]) : null;
}

/** How many in. w.c. one of each pressure unit is. */
const inchesWcPer: ReadonlyMap<number, number> = new Map([
  [units.inchesOfWater, 1],
  [units.pascals, 1 / pascalsPerInchWc],
  [units.hectopascals, 100 / pascalsPerInchWc],
  [units.millibars, 100 / pascalsPerInchWc],
  [units.kilopascals, 1000 / pascalsPerInchWc],
]);

/** Temperature units → °F. */
const toF: ReadonlyMap<number, (v: number) => number> = new Map([
  [units.degreesFahrenheit, (v: number) => v],
  [units.degreesCelsius, (v: number) => (v * 9) / 5 + 32],
  [units.degreesKelvin, (v: number) => ((v - 273.15) * 9) / 5 + 32],
]);

/** Units unknown (neither the device nor the point list gives any) or no-units: the design's own (°F, in. w.c.) are assumed. */
const unstated = (u: number | null): u is null => u === null || u === units.noUnits;

function pressureFactor(u: number | null, what: string): number {
  if (unstated(u)) return 1;
  const factor = inchesWcPer.get(u);
  if (factor === undefined) throw new UnitsError(`${what} is in ${engineeringUnitName(u)}; a pressure in inches of water, pascals, hectopascals or kilopascals is needed`);
  return factor;
}

/** A pressure in the point's units → in. w.c. */
export function toInchesWc(value: number, u: number | null, what = 'The point'): number {
  return value * pressureFactor(u, what);
}

/** A pressure in in. w.c. → the point's units (the value written to the output point). */
export function fromInchesWc(inchesWc: number, u: number | null, what = 'The output point'): number {
  return inchesWc / pressureFactor(u, what);
}

/** A temperature in the point's units → °F. */
export function toFahrenheit(value: number, u: number | null, what = 'The point'): number {
  if (unstated(u)) return value;
  const convert = toF.get(u);
  if (!convert) throw new UnitsError(`${what} is in ${engineeringUnitName(u)}; a temperature in °F, °C or K is needed`);
  return convert(value);
}
