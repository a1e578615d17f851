/**
 * The edit routes of the pressure control service below its service page (spec 01 section 2), as route patterns
 * (the route module declares them) and as links from the service page.
 */
export const pressureRoutes = {
  configuration: 'configuration/edit',
  oatSensor: 'oat-sensor/edit',
  pnormOutput: 'pnorm-output/edit',
  transmitters: 'building-pressure-transmitters',
  newTransmitter: 'building-pressure-transmitters/new',
  editTransmitter: 'building-pressure-transmitters/:syrxControllerBuildingPressureTransmitterId/edit',
} as const;

/** The links of the service page at `servicePath` to its edit routes. */
export function pressurePaths(servicePath: string) {
  const at = (segment: string) => `${servicePath}/${segment}`;
  return {
    service: servicePath,
    configuration: at(pressureRoutes.configuration),
    oatSensor: at(pressureRoutes.oatSensor),
    pnormOutput: at(pressureRoutes.pnormOutput),
    transmitters: at(pressureRoutes.transmitters),
  };
}
export type PressurePaths = ReturnType<typeof pressurePaths>;

/** A transmitter id from its path segment; null when the segment is no id. */
export const transmitterIdOf = (segment: string | undefined): number | null => (segment !== undefined && /^[1-9]\d*$/.test(segment) ? Number(segment) : null);
