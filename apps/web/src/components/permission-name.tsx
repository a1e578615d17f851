import { permissionName } from '@syrx/contracts/permissions';
import { groupPermissionName } from '@syrx/contracts/roles';

/**
 * A permission as people read it ("Manage users"), its key (users_manage) in the tooltip; `group`: a group permission.
 * Every screen that shows a permission shows it this way (issue 24).
 */
export function PermissionName({ permission, group = false }: { permission: string; group?: boolean }) {
  return <span title={permission}>{group ? groupPermissionName(permission) : permissionName(permission)}</span>;
}

/** Options of a permission select: the name shown and searched, the key as the value and in the tooltip. */
export const permissionOptions = (permissions: readonly string[]) =>
  permissions.map((p) => ({ value: p, label: permissionName(p), title: p }));

/** A select's search over those options: by name or by key. */
export const matchesPermission = (input: string, option?: { value?: unknown; label?: unknown }): boolean => {
  const needle = input.trim().toLowerCase();
  return [option?.label, option?.value].some((text) => typeof text === 'string' && text.toLowerCase().includes(needle));
};
