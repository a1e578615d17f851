import { type Permission, permissionsByCategory } from '@syrx/contracts/permissions';

export interface PermissionCategory {
  key: keyof typeof permissionsByCategory;
  label: string;
  permissions: readonly Permission[];
}

const labels: Record<keyof typeof permissionsByCategory, string> = {
  admin: 'Admin',
  reportData: 'Report data',
  commissioning: 'Commissioning',
  reporting: 'Reporting',
};

/** The permission catalogue by category, as the role editor groups its checkboxes (spec 02, section 6). */
export const permissionCategories: readonly PermissionCategory[] = (Object.keys(permissionsByCategory) as (keyof typeof permissionsByCategory)[]).map(
  (key) => ({ key, label: labels[key], permissions: permissionsByCategory[key] }),
);

/** The permissions of a role in catalogue order; names the catalogue does not know (older data) are kept at the end. */
export function inCatalogueOrder(permissions: readonly string[]): string[] {
  const held = new Set(permissions);
  const known = permissionCategories.flatMap((c) => c.permissions).filter((p) => held.has(p));
  return [...known, ...permissions.filter((p) => !(known as string[]).includes(p))];
}
