import type { PointType } from '@syrx/contracts/components';

/** A point of a component type: point code, description, point type (NP: no point). */
export type CataloguePoint = readonly [code: string, description: string, type: PointType];

/** A component type of the catalogue, with its points and its subtypes. */
export interface CatalogueType {
  description: string;
  /** Top-level types only: a section of the project schedule. */
  schedule?: boolean;
  points?: readonly CataloguePoint[];
  children?: readonly CatalogueType[];
}

const type = (description: string, points: readonly CataloguePoint[] = [], children: readonly CatalogueType[] = []): CatalogueType => ({ description, points, children });
const group = (description: string, children: readonly CatalogueType[]): CatalogueType => ({ description, children });
const schedule = (description: string, points: readonly CataloguePoint[], children: readonly CatalogueType[]): CatalogueType => ({ description, schedule: true, points, children });

const twoThreeWay = [type('Two-Way Valve'), type('Three-Way Valve')];
const vfd = (prefix: string): readonly CataloguePoint[] => [
  [`${prefix}-SPD`, 'Speed Command', 'AO'], [`${prefix}-SPD-FB`, 'Speed Feedback', 'AI'], [`${prefix}-VFD-FLT`, 'VFD Fault', 'BI'], [`${prefix}-KW`, 'Power', 'AI'],
];
const electricHeat = group('Electric Heat', [
  type('Single Stage', [['EH-1', 'Electric Heat Stage 1', 'BO']]),
  type('Two Stage', [['EH-1', 'Electric Heat Stage 1', 'BO'], ['EH-2', 'Electric Heat Stage 2', 'BO']]),
  type('SCR Modulating', [['EH-SCR', 'Electric Heat Output', 'AO']]),
]);
const economizer = group('Economizer', [
  type('Dry-Bulb', [['OAT', 'Outdoor Air Temperature', 'AI'], ['OAD', 'Outdoor Air Damper Command', 'AO']]),
  type('Enthalpy', [['OAT', 'Outdoor Air Temperature', 'AI'], ['OAH', 'Outdoor Air Humidity', 'AI'], ['OAD', 'Outdoor Air Damper Command', 'AO']]),
  type('Differential Enthalpy', [
    ['OAT', 'Outdoor Air Temperature', 'AI'], ['OAH', 'Outdoor Air Humidity', 'AI'], ['RAH', 'Return Air Humidity', 'AI'], ['OAD', 'Outdoor Air Damper Command', 'AO'],
  ]),
  type('No Economizer', [['OAD-MAN', 'Manual Outdoor Air Damper', 'NP']]),
]);
const status = (prefix: string, what: string): CataloguePoint[] => [[`${prefix}-S`, `${what} Status`, 'BI'], [`${prefix}-C`, `${what} Start/Stop`, 'BO']];

/**
 * The component type taxonomy seeded at every start (modules/components/components.service.ts, seedComponents): common
 * HVAC equipment and meters, each top-level schedule type with its subcomponent categories and their choices. Point codes
 * follow the usual BAS abbreviations; NP marks things a schedule lists that have no BACnet point.
 */
export const componentCatalogue: readonly CatalogueType[] = [
  schedule('Air Handling Unit', [
    ...status('SF', 'Supply Fan'), ['SAT', 'Supply Air Temperature', 'AI'], ['SAT-SP', 'Supply Air Temperature Setpoint', 'AV'],
    ['RAT', 'Return Air Temperature', 'AI'], ['MAT', 'Mixed Air Temperature', 'AI'], ['FLTR-DP', 'Filter Differential Pressure', 'AI'],
    ['FRZ', 'Freeze Stat', 'BI'], ['OCC', 'Occupancy Mode', 'MSV'], ['FLTR', 'Filter Bank', 'NP'],
  ], [
    group('Unit Type', [
      type('Single Zone', [['ZN-T', 'Zone Temperature', 'AI'], ['ZN-SP', 'Zone Temperature Setpoint', 'AV']], [
        type('Constant Volume'),
        type('Single Zone VAV', [['SF-SPD', 'Supply Fan Speed Command', 'AO']]),
      ]),
      type('Multizone', [['HD-T', 'Hot Deck Temperature', 'AI'], ['CD-T', 'Cold Deck Temperature', 'AI']], [
        type('Hot Deck / Cold Deck'),
        type('Texas Multizone (Bypass Deck)', [['BYP-D', 'Bypass Damper Command', 'AO']]),
      ]),
      type('Variable Air Volume', [['DSP', 'Duct Static Pressure', 'AI'], ['DSP-SP', 'Duct Static Pressure Setpoint', 'AV']], [
        type('With Return Fan', [...status('RF', 'Return Fan'), ['RF-SPD', 'Return Fan Speed Command', 'AO']]),
        type('With Relief Fan', [...status('EF', 'Relief Fan'), ['BSP', 'Building Static Pressure', 'AI']]),
        type('Barometric Relief Only', [['RLF-D', 'Barometric Relief Damper', 'NP']]),
      ]),
      type('Dedicated Outdoor Air System (DOAS)', [['OAT', 'Outdoor Air Temperature', 'AI'], ['OAH', 'Outdoor Air Humidity', 'AI'], ['OA-CFM', 'Outdoor Airflow', 'AI']], [
        type('With Energy Recovery Wheel', [...status('ERW', 'Energy Recovery Wheel'), ['ERW-SPD', 'Wheel Speed Command', 'AO'], ['EAT', 'Exhaust Air Temperature', 'AI']]),
        type('With Fixed Plate Heat Exchanger', [['HX-BYP', 'Plate Bypass Damper Command', 'AO'], ['EAT', 'Exhaust Air Temperature', 'AI']]),
        type('With Run-Around Coil', [...status('RAC-P', 'Run-Around Pump'), ['RAC-V', 'Run-Around Valve Command', 'AO']]),
        type('Without Energy Recovery'),
      ]),
      type('Dual Duct', [['HD-T', 'Hot Deck Temperature', 'AI'], ['CD-T', 'Cold Deck Temperature', 'AI'], ['HD-SP', 'Hot Duct Static Pressure', 'AI'], ['CD-SP', 'Cold Duct Static Pressure', 'AI']]),
    ]),
    group('Supply Fan', [
      type('Constant Speed'),
      type('Variable Frequency Drive', vfd('SF')),
      type('Fan Array', [...vfd('SF'), ['SF-ALM', 'Fan Array Alarm', 'BI']]),
      type('Inlet Guide Vanes', [['SF-IGV', 'Inlet Guide Vane Command', 'AO']]),
    ]),
    group('Cooling', [
      type('Chilled Water Coil', [['CHW-V', 'Chilled Water Valve Command', 'AO'], ['CCLT', 'Cooling Coil Leaving Air Temperature', 'AI']], [
        ...twoThreeWay,
        type('Pressure Independent Valve', [['CHW-FLOW', 'Chilled Water Flow', 'AI']]),
      ]),
      type('Direct Expansion', [['CCLT', 'Cooling Coil Leaving Air Temperature', 'AI']], [
        type('Single Stage', [['DX-1', 'DX Stage 1', 'BO']]),
        type('Two Stage', [['DX-1', 'DX Stage 1', 'BO'], ['DX-2', 'DX Stage 2', 'BO']]),
        type('Variable Speed Compressor', [['DX-SPD', 'Compressor Speed Command', 'AO'], ['DX-ALM', 'Compressor Alarm', 'BI']]),
      ]),
      type('No Cooling'),
    ]),
    group('Heating', [
      type('Hot Water Coil', [['HW-V', 'Hot Water Valve Command', 'AO'], ['HCLT', 'Heating Coil Leaving Air Temperature', 'AI']], twoThreeWay),
      type('Steam Coil', [['STM-V', 'Steam Valve Command', 'AO'], ['HCLT', 'Heating Coil Leaving Air Temperature', 'AI']]),
      electricHeat,
      type('Gas-Fired Furnace', [['GAS-ALM', 'Burner Alarm', 'BI']], [
        type('Two Stage', [['GAS-1', 'Gas Heat Stage 1', 'BO'], ['GAS-2', 'Gas Heat Stage 2', 'BO']]),
        type('Modulating', [['GAS-MOD', 'Gas Valve Command', 'AO']]),
      ]),
      type('No Heating'),
    ]),
    economizer,
    group('Humidification', [
      type('Steam Humidifier', [['HUM-V', 'Humidifier Valve Command', 'AO'], ['RAH', 'Return Air Humidity', 'AI'], ['HUM-HI', 'High Limit Humidistat', 'BI']]),
      type('Evaporative Media', [['EVAP-P', 'Media Pump Start/Stop', 'BO']]),
      type('No Humidification'),
    ]),
  ]),

  schedule('VAV Box', [
    ['ZN-T', 'Zone Temperature', 'AI'], ['ZN-SP', 'Zone Temperature Setpoint', 'AV'], ['DPR', 'Damper Position Command', 'AO'],
    ['FLOW', 'Airflow', 'AI'], ['FLOW-SP', 'Airflow Setpoint', 'AV'], ['OCC', 'Occupied', 'BV'],
  ], [
    group('Box Type', [
      type('Cooling Only'),
      type('Hot Water Reheat', [['RH-V', 'Reheat Valve Command', 'AO'], ['DAT', 'Discharge Air Temperature', 'AI']], twoThreeWay),
      type('Electric Reheat', [['DAT', 'Discharge Air Temperature', 'AI']], electricHeat.children),
      type('Fan Powered Series', [...status('FAN', 'Box Fan'), ['DAT', 'Discharge Air Temperature', 'AI']], [
        type('Hot Water Reheat', [['RH-V', 'Reheat Valve Command', 'AO']]), type('Electric Reheat', [['EH-1', 'Electric Heat Stage 1', 'BO']]), type('No Reheat'),
      ]),
      type('Fan Powered Parallel', [...status('FAN', 'Box Fan'), ['DAT', 'Discharge Air Temperature', 'AI']], [
        type('Hot Water Reheat', [['RH-V', 'Reheat Valve Command', 'AO']]), type('Electric Reheat', [['EH-1', 'Electric Heat Stage 1', 'BO']]), type('No Reheat'),
      ]),
      type('Dual Duct', [['HD-DPR', 'Hot Deck Damper Command', 'AO'], ['CD-DPR', 'Cold Deck Damper Command', 'AO']]),
    ]),
    group('Zone Sensor', [
      type('Temperature Only'),
      type('Temperature and CO2', [['CO2', 'Zone CO2', 'AI']]),
      type('Temperature and Humidity', [['ZN-H', 'Zone Humidity', 'AI']]),
      type('With Occupancy Sensor', [['OCC-S', 'Occupancy Sensor', 'BI']]),
    ]),
  ]),

  schedule('Fan Coil Unit', [...status('FAN', 'Fan'), ['ZN-T', 'Zone Temperature', 'AI'], ['ZN-SP', 'Zone Temperature Setpoint', 'AV'], ['DAT', 'Discharge Air Temperature', 'AI'], ['FLTR', 'Filter', 'NP']], [
    group('Piping', [
      type('Two-Pipe Changeover', [['CO-V', 'Coil Valve Command', 'AO'], ['CO-MODE', 'Changeover Mode', 'BI']]),
      type('Four-Pipe', [['CHW-V', 'Chilled Water Valve Command', 'AO'], ['HW-V', 'Hot Water Valve Command', 'AO']]),
      type('Two-Pipe with Electric Heat', [['CHW-V', 'Chilled Water Valve Command', 'AO'], ['EH-1', 'Electric Heat Stage 1', 'BO']]),
    ]),
    group('Fan Control', [
      type('Three-Speed', [['FAN-SPD', 'Fan Speed (Low/Medium/High)', 'MSO']]),
      type('ECM Variable Speed', [['FAN-SPD', 'Fan Speed Command', 'AO']]),
    ]),
    group('Mounting', [type('Horizontal Ceiling'), type('Vertical Floor'), type('Ceiling Cassette')]),
  ]),

  schedule('Rooftop Unit', [
    ...status('SF', 'Supply Fan'), ['SAT', 'Supply Air Temperature', 'AI'], ['RAT', 'Return Air Temperature', 'AI'], ['ZN-T', 'Zone Temperature', 'AI'],
    ['OCC', 'Occupancy Mode', 'MSV'], ['ALM', 'Unit Alarm', 'BI'], ['CURB', 'Roof Curb', 'NP'],
  ], [
    group('Cooling', [
      type('DX Single Stage', [['DX-1', 'DX Stage 1', 'BO']]),
      type('DX Two Stage', [['DX-1', 'DX Stage 1', 'BO'], ['DX-2', 'DX Stage 2', 'BO']]),
      type('DX Variable Speed', [['DX-SPD', 'Compressor Speed Command', 'AO']]),
      type('Heat Pump', [['DX-1', 'Compressor Stage 1', 'BO'], ['RV', 'Reversing Valve', 'BO'], ['DEF', 'Defrost Mode', 'BI']]),
    ]),
    group('Heating', [
      type('Gas', [['GAS-ALM', 'Burner Alarm', 'BI']], [
        type('Two Stage', [['GAS-1', 'Gas Heat Stage 1', 'BO'], ['GAS-2', 'Gas Heat Stage 2', 'BO']]),
        type('Modulating', [['GAS-MOD', 'Gas Valve Command', 'AO']]),
      ]),
      electricHeat,
      type('Heat Pump with Electric Auxiliary', [['AUX-1', 'Auxiliary Heat Stage 1', 'BO']]),
      type('No Heating'),
    ]),
    group('Airflow', [
      type('Constant Volume'),
      type('Multi-Speed', [['SF-SPD', 'Supply Fan Speed', 'MSO']]),
      type('Variable Air Volume', [['SF-SPD', 'Supply Fan Speed Command', 'AO'], ['DSP', 'Duct Static Pressure', 'AI'], ['DSP-SP', 'Duct Static Pressure Setpoint', 'AV']]),
    ]),
    economizer,
  ]),

  schedule('Chiller', [
    ...status('CH', 'Chiller'), ['CHWS', 'Chilled Water Supply Temperature', 'AI'], ['CHWR', 'Chilled Water Return Temperature', 'AI'],
    ['CHWS-SP', 'Chilled Water Supply Setpoint', 'AV'], ['KW', 'Power', 'AI'], ['RLA', 'Percent Rated Load Amps', 'AI'], ['ALM', 'Chiller Alarm', 'BI'],
  ], [
    group('Type', [
      type('Air-Cooled', [['AMB-T', 'Ambient Temperature', 'AI']], [type('Scroll'), type('Screw')]),
      type('Water-Cooled', [['CWS', 'Condenser Water Supply Temperature', 'AI'], ['CWR', 'Condenser Water Return Temperature', 'AI'], ['CW-ISO', 'Condenser Isolation Valve', 'BO']], [
        type('Centrifugal'), type('Magnetic Bearing Centrifugal'), type('Screw'),
      ]),
      type('Absorption', [['STM-V', 'Steam Valve Command', 'AO']], [type('Single Effect'), type('Double Effect')]),
    ]),
    group('Evaporator Flow', [
      type('Constant Flow', [['CHW-FS', 'Chilled Water Flow Switch', 'BI']]),
      type('Variable Primary Flow', [['CHW-FLOW', 'Chilled Water Flow', 'AI'], ['CHW-ISO', 'Chilled Water Isolation Valve', 'BO']]),
    ]),
  ]),

  schedule('Boiler', [
    ...status('B', 'Boiler'), ['HWS', 'Hot Water Supply Temperature', 'AI'], ['HWR', 'Hot Water Return Temperature', 'AI'],
    ['HWS-SP', 'Hot Water Supply Setpoint', 'AV'], ['FIRE', 'Firing Rate', 'AI'], ['ALM', 'Boiler Alarm', 'BI'], ['FLUE', 'Flue', 'NP'],
  ], [
    group('Type', [
      type('Condensing Hot Water', [['FGT', 'Flue Gas Temperature', 'AI']]),
      type('Non-Condensing Hot Water'),
      type('Steam', [['STM-P', 'Steam Pressure', 'AI']], [type('Low Pressure'), type('High Pressure', [['STM-HI', 'High Pressure Cutout', 'BI']])]),
      type('Electric', [['KW', 'Power', 'AI']]),
    ]),
    group('Fuel', [type('Natural Gas'), type('Dual Fuel (Gas/Oil)', [['FUEL', 'Fuel Selected', 'BV']]), type('Electric')]),
    group('Burner Control', [type('On/Off'), type('Two Stage', [['BRN-HI', 'High Fire', 'BO']]), type('Modulating', [['BRN-MOD', 'Burner Modulation Command', 'AO']])]),
  ]),

  schedule('Cooling Tower', [
    ...status('CT-FAN', 'Tower Fan'), ['CWS', 'Condenser Water Supply Temperature', 'AI'], ['CWR', 'Condenser Water Return Temperature', 'AI'],
    ['CWS-SP', 'Condenser Water Supply Setpoint', 'AV'], ['BASIN-T', 'Basin Temperature', 'AI'], ['BASIN-HTR', 'Basin Heater', 'BO'], ['DRIFT', 'Drift Eliminators', 'NP'],
  ], [
    group('Type', [
      type('Open Circuit', [], [type('Induced Draft'), type('Forced Draft')]),
      type('Closed Circuit Fluid Cooler', [...status('SPRAY-P', 'Spray Pump')]),
    ]),
    group('Fan Control', [
      type('Single Speed'),
      type('Two Speed', [['CT-FAN-HI', 'Tower Fan High Speed', 'BO']]),
      type('Variable Frequency Drive', vfd('CT-FAN')),
    ]),
    group('Water Treatment', [
      type('Chemical Feed', [['COND', 'Conductivity', 'AI'], ['BLOWDOWN', 'Blowdown Valve', 'BO']]),
      type('Sidestream Filtration', [['SSF-P', 'Sidestream Filter Pump', 'BO']]),
      type('No Water Treatment'),
    ]),
  ]),

  schedule('Pump', [...status('P', 'Pump'), ['ALM', 'Pump Alarm', 'BI']], [
    group('Service', [
      type('Chilled Water', [], [type('Primary'), type('Secondary', [['CHW-DP', 'Chilled Water Differential Pressure', 'AI']])]),
      type('Condenser Water'),
      type('Hot Water', [], [type('Primary'), type('Secondary', [['HW-DP', 'Hot Water Differential Pressure', 'AI']])]),
      type('Domestic Hot Water Recirculation', [['DHW-RT', 'Recirculation Return Temperature', 'AI']]),
    ]),
    group('Speed Control', [
      type('Constant Speed'),
      type('Variable Frequency Drive', [...vfd('P'), ['DP-SP', 'Differential Pressure Setpoint', 'AV']]),
    ]),
    group('Arrangement', [type('Single'), type('Duplex Lead/Lag', [['LEAD', 'Lead Pump Selection', 'MSV']]), type('Parallel')]),
  ]),

  schedule('Heat Exchanger', [
    ['PS-T', 'Primary Supply Temperature', 'AI'], ['PR-T', 'Primary Return Temperature', 'AI'], ['SS-T', 'Secondary Supply Temperature', 'AI'],
    ['SR-T', 'Secondary Return Temperature', 'AI'], ['HX-V', 'Control Valve Command', 'AO'],
  ], [
    group('Construction', [type('Plate and Frame'), type('Shell and Tube'), type('Brazed Plate')]),
    group('Application', [
      type('Waterside Economizer', [['WSE-ISO', 'Economizer Isolation Valve', 'BO']]),
      type('Steam to Hot Water', [['STM-P', 'Steam Pressure', 'AI'], ['CNDS', 'Condensate Return', 'NP']]),
      type('Water to Water'),
    ]),
  ]),

  schedule('Exhaust Fan', [...status('EF', 'Exhaust Fan')], [
    group('Type', [
      type('Roof Exhaust'),
      type('Inline'),
      type('Kitchen Hood', [['HOOD-T', 'Hood Exhaust Temperature', 'AI']], [type('Demand Controlled', [['HOOD-OPT', 'Smoke Opacity', 'AI']]), type('Constant Volume')]),
      type('Laboratory Fume Hood', [['FH-FLOW', 'Fume Hood Airflow', 'AI'], ['FH-SASH', 'Sash Position', 'AI']]),
    ]),
    group('Speed Control', [type('Constant Speed'), type('Variable Frequency Drive', vfd('EF'))]),
  ]),

  schedule('Unit Heater', [...status('FAN', 'Fan'), ['ZN-T', 'Space Temperature', 'AI']], [
    group('Heat Source', [
      type('Hot Water', [['HW-V', 'Hot Water Valve Command', 'BO']]),
      type('Steam', [['STM-V', 'Steam Valve Command', 'BO']]),
      type('Electric', [['EH-1', 'Electric Heat Stage 1', 'BO']]),
      type('Gas-Fired', [['GAS-1', 'Gas Valve', 'BO']]),
    ]),
  ]),

  schedule('Electric Meter', [
    ['KW', 'Demand', 'AI'], ['KWH', 'Energy', 'AI'], ['V', 'Voltage', 'AI'], ['A', 'Current', 'AI'], ['PF', 'Power Factor', 'AI'],
  ], [
    group('Service', [
      type('Main Service'),
      type('Submeter', [], [type('Lighting'), type('Plug Loads'), type('HVAC'), type('Data Center')]),
    ]),
    group('Metering', [type('Pulse Output', [['PULSE', 'Pulse Count', 'AI']]), type('Integrated (BACnet/Modbus)'), type('CT-Based Submeter', [['CT', 'Current Transformers', 'NP']])]),
  ]),

  schedule('Gas Meter', [['FLOW', 'Gas Flow Rate', 'AI'], ['VOL', 'Gas Volume', 'AI']], [
    group('Service', [type('Main Service'), type('Submeter', [], [type('Boilers'), type('Kitchen'), type('Domestic Water Heating')])]),
    group('Output', [type('Pulse Output', [['PULSE', 'Pulse Count', 'AI']]), type('Integrated (BACnet/Modbus)', [['PRESS', 'Gas Pressure', 'AI']])]),
  ]),

  schedule('BTU Meter', [
    ['BTU', 'Energy Rate', 'AI'], ['BTU-TOT', 'Energy Total', 'AI'], ['FLOW', 'Flow', 'AI'], ['ST', 'Supply Temperature', 'AI'], ['RT', 'Return Temperature', 'AI'],
  ], [
    group('Service', [type('Chilled Water'), type('Hot Water'), type('Condenser Water')]),
    group('Flow Sensor', [type('Ultrasonic Clamp-On'), type('Electromagnetic'), type('Insertion Turbine')]),
  ]),

  // Component types that are equipment of their own but no schedule section (reachable through the typeahead).
  type('Variable Frequency Drive', [['SPD', 'Speed Command', 'AO'], ['SPD-FB', 'Speed Feedback', 'AI'], ['HZ', 'Output Frequency', 'AI'], ['KW', 'Power', 'AI'], ['FLT', 'Fault', 'BI'], ['HOA', 'Hand/Off/Auto', 'MSI']], [
    group('Bypass', [type('With Bypass', [['BYP', 'Bypass Active', 'BI']]), type('Without Bypass')]),
  ]),
  type('Outdoor Air Station', [['OAT', 'Outdoor Air Temperature', 'AI'], ['OAH', 'Outdoor Air Humidity', 'AI'], ['OA-ENTH', 'Outdoor Air Enthalpy', 'AV'], ['OA-DP', 'Outdoor Air Dew Point', 'AV']]),
];
