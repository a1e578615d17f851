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
});
