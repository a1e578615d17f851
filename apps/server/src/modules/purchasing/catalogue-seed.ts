/**
 * The catalogue a new installation starts with (prices in cents). Categories follow the project-planning pages of spec 02
 * section 2; administrators edit the catalogue afterwards (syrx_categories_manage), so it is seeded only while empty.
 */
export const seedControllerSizes = [
  { name: 'Syrx Controller S (8 nodes)', priceCents: 2_450_00, numberOfNodes: 8 },
  { name: 'Syrx Controller M (16 nodes)', priceCents: 3_950_00, numberOfNodes: 16 },
  { name: 'Syrx Controller L (32 nodes)', priceCents: 6_750_00, numberOfNodes: 32 },
] as const;

/** A category and its node types, given as [name, price in cents] rows. */
const category = (name: string, rows: readonly (readonly [name: string, priceCents: number])[]) =>
  ({ name, nodeTypes: rows.map(([typeName, priceCents]) => ({ name: typeName, priceCents })) });

export const seedNodeCategories: readonly { name: string; nodeTypes: readonly { name: string; priceCents: number }[] }[] = [
  category('Central Utility Plant Systems', [
    ['Chiller', 1_250_00], ['Boiler', 950_00], ['Cooling Tower', 850_00], ['Primary/Secondary Pump', 325_00], ['Heat Exchanger', 475_00],
  ]),
  category('HVAC Equipment', [
    ['Air Handling Unit (AHU)', 695_00], ['Rooftop Unit (RTU)', 545_00], ['VAV Box', 89_50], ['Fan Coil Unit', 119_00], ['Exhaust Fan', 145_00],
  ]),
  category('Specialty Building Systems/Compliance', [
    ['Fume Hood', 395_00], ['Room Pressure Monitor', 265_00], ['Lab Airflow Controller', 310_00], ['Refrigeration Case', 180_00],
  ]),
  category('Building Level Metering', [
    ['Electric Meter', 225_00], ['Gas Meter', 195_00], ['Water Meter', 175_00], ['BTU Meter', 285_00],
  ]),
  category('Syrx Energy Modeling', [
    ['Whole-Building Energy Model', 1_500_00], ['Central Plant Energy Model', 1_200_00], ['Measurement & Verification Baseline', 800_00],
  ]),
];
