import { allPermissions, organizationAdministratorPermissions } from '@syrx/contracts/permissions';

/** The roles every installation has from its first start. */
export const administratorRole = { name: 'Administrator', permissions: allPermissions } as const;
export const organizationAdministratorRole = {
  name: 'Organization administrator',
  permissions: organizationAdministratorPermissions,
} as const;
