/**
 * Writes packages/contracts/src/bacnet-enums.ts from @bacnet-js/client's enumerations, so the web app and the
 * server get the lookup tables (object types, property identifiers, engineering units) without depending on
 * the BACnet library. Run after upgrading the library: npx tsx apps/agent/scripts/generate-bacnet-enums.ts
 */
import { writeFileSync } from 'node:fs';
import { bacnetEnumTables, renderBacnetEnums } from '../src/bacnet/enum-tables.ts';

const target = new URL('../../../packages/contracts/src/bacnet-enums.ts', import.meta.url);
writeFileSync(target, renderBacnetEnums(bacnetEnumTables()));
process.stdout.write(`wrote ${target.pathname}\n`);
