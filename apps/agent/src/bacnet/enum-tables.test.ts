import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bacnetEnumTables, renderBacnetEnums } from './enum-tables.ts';

describe('packages/contracts/src/bacnet-enums.ts', () => {
  it('is what the generator writes from the installed @bacnet-js/client (regenerate: npx tsx apps/agent/scripts/generate-bacnet-enums.ts)', () => {
    const committed = readFileSync(new URL('../../../../packages/contracts/src/bacnet-enums.ts', import.meta.url), 'utf8');
    expect(committed).toBe(renderBacnetEnums(bacnetEnumTables()));
  });

  it('names the object types, properties and units the console shows', () => {
    const t = bacnetEnumTables();
    expect(t.objectTypes).toContainEqual([8, 'DEVICE']);
    expect(t.propertyIdentifiers).toContainEqual([155, 'DATABASE_REVISION']);
    expect(t.engineeringUnits).toContainEqual([64, 'DEGREES_FAHRENHEIT']);
  });

  it('adds what 135-2020 and its addenda name beyond the library, each value once', () => {
    const t = bacnetEnumTables();
    expect(t.objectTypes).toEqual(expect.arrayContaining([[59, 'LIFT'], [60, 'STAGING'], [61, 'AUDIT_LOG'], [62, 'AUDIT_REPORTER'], [63, 'COLOR'], [64, 'COLOR_TEMPERATURE']]));
    expect(t.propertyIdentifiers).toEqual(expect.arrayContaining([[491, 'REPRESENTS'], [497, 'AUDIT_SOURCE_REPORTER'], [4194304, 'MAX_BVLC_LENGTH_ACCEPTED']]));
    for (const rows of [t.objectTypes, t.propertyIdentifiers]) expect(new Set(rows.map(([v]) => v)).size).toBe(rows.length);
  });
});
