import { describe, expect, it } from 'vitest';
import { allPermissions, permissionName, permissionNames, permissionWithKey } from './permissions.ts';
import { groupPermissionCatalogue, groupPermissionName } from './roles.ts';

describe('permission names', () => {
  it('names every permission, each name once, never as its key', () => {
    const names = allPermissions.map((p) => permissionNames[p]);
    expect(new Set(names).size).toBe(allPermissions.length);
    for (const p of allPermissions) expect(permissionName(p)).not.toBe(p);
    expect(permissionName('users_manage')).toBe('Manage users');
  });

  it('shows a key the catalogue does not know as it is, and puts the key beside the name in a sentence', () => {
    expect(permissionName('retired_permission')).toBe('retired_permission');
    expect(permissionName('toString')).toBe('toString');
    expect(permissionWithKey('pcs_admin')).toBe('Administer PCS and Syrx controllers (pcs_admin)');
    expect(permissionWithKey('retired_permission')).toBe('retired_permission');
  });

  it('names every group permission of the catalogue', () => {
    const names = groupPermissionCatalogue.map((p) => groupPermissionName(p.id));
    expect(new Set(names).size).toBe(groupPermissionCatalogue.length);
    for (const p of groupPermissionCatalogue) expect(groupPermissionName(p.id)).not.toBe(p.id);
    expect(groupPermissionName('group_unknown')).toBe('group_unknown');
  });
});
