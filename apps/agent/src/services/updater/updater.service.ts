import { serviceIds, serviceUnits } from '@syrx/contracts/services';
import type { ServiceModule } from '../service-module.ts';

/**
 * The updater keeps services at their assigned versions. The agent ships its services in one package,
 * so for now it reports the package's version for itself; installing other versions comes with the
 * service-versions issue.
 */
export function createUpdaterService(version: string): ServiceModule {
  return { id: serviceIds.updater, version, unit: serviceUnits[serviceIds.updater], state: () => 'active' };
}
