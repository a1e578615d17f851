/**
 * The catalogue a new installation starts with (prices in cents). Categories follow the project-planning pages of spec 02
 * section 2; administrators edit the catalogue afterwards (syrx_categories_manage), so it is seeded only while empty.
 */
export const seedControllerSizes = [
  { name: 'Syrx Controller S (8 nodes)', priceCents: 2_450_00, numberOfNodes: 8 },
  { name: 'Syrx Controller M (16 nodes)', priceCents: 3_950_00, numberOfNodes: 16 },
  { name: 'Syrx Controller L (32 nodes)', priceCents: 6_750_00, numberOfNodes: 32 },
] as const;

export const seedNodeCategories: readonly { name: string; nodeTypes: readonly { name: string; priceCents: number }[] }[] = [
  {
    name: 'Central Utility Plant Systems',
    nodeTypes: [
      { name: 'Chiller', priceCents: 1_250_00 },
      { name: 'Boiler', priceCents: 950_00 },
      { name: 'Cooling Tower', priceCents: 850_00 },
      { name: 'Primary/Secondary Pump', priceCents: 325_00 },
      { name: 'Heat Exchanger', priceCents: 475_00 },
    ],
  },
  {
    name: 'HVAC Equipment',
    nodeTypes: [
      { name: 'Air Handling Unit (AHU)', priceCents: 695_00 },
      { name: 'Rooftop Unit (RTU)', priceCents: 545_00 },
      { name: 'VAV Box', priceCents: 89_50 },
      { name: 'Fan Coil Unit', priceCents: 119_00 },
      { name: 'Exhaust Fan', priceCents: 145_00 },
    ],
  },
  {
    name: 'Specialty Building Systems/Compliance',
    nodeTypes: [
      { name: 'Fume Hood', priceCents: 395_00 },
      { name: 'Room Pressure Monitor', priceCents: 265_00 },
      { name: 'Lab Airflow Controller', priceCents: 310_00 },
      { name: 'Refrigeration Case', priceCents: 180_00 },
    ],
  },
  {
    name: 'Building Level Metering',
    nodeTypes: [
      { name: 'Electric Meter', priceCents: 225_00 },
      { name: 'Gas Meter', priceCents: 195_00 },
      { name: 'Water Meter', priceCents: 175_00 },
      { name: 'BTU Meter', priceCents: 285_00 },
    ],
  },
  {
    name: 'Syrx Energy Modeling',
    nodeTypes: [
      { name: 'Whole-Building Energy Model', priceCents: 1_500_00 },
      { name: 'Central Plant Energy Model', priceCents: 1_200_00 },
      { name: 'Measurement & Verification Baseline', priceCents: 800_00 },
    ],
  },
];
