import { describe, expect, it } from 'vitest';
import { allPermissions, organizationAdministratorPermissions } from '@syrx/contracts/permissions';
import { type MenuItem, afterSignOutUrl, legacyScreen, menuLink, menus, visibleMenus } from './menu-items';

const menuLabels = (permissions: readonly string[]) => visibleMenus(permissions).map((m) => m.label);
const itemLabels = (permissions: readonly string[], menu: string) =>
  visibleMenus(permissions).find((m) => m.label === menu)?.items.map((i) => i.label) ?? [];

describe('menu visibility', () => {
  it('shows an administrator with every permission every menu and every item', () => {
    const visible = visibleMenus(allPermissions);
    expect(visible.map((m) => m.label)).toEqual(['Admin', 'Report Data', 'Commissioning', 'Reporting']);
    expect(visible.flatMap((m) => m.items)).toHaveLength(menus.flatMap((m) => m.items).length);
  });

  it('shows a user with only projects_manage Commissioning but not Admin or Report Data', () => {
    expect(menuLabels(['projects_manage'])).toEqual(['Commissioning', 'Reporting']);
    expect(itemLabels(['projects_manage'], 'Commissioning')).toEqual(['Projects', 'Purchasing']);
  });

  it('always shows Queued reports under Reporting, even without any permission', () => {
    expect(menuLabels([])).toEqual(['Reporting']);
    expect(itemLabels([], 'Reporting')).toEqual(['Queued reports']);
    expect(itemLabels(['reporting_sic'], 'Reporting')).toEqual(['SIC', 'Queued reports']);
  });

  it('shows Accounts for accounts_manage or groups_manage, and Groups only for groups_manage', () => {
    expect(itemLabels(['accounts_manage'], 'Admin')).toEqual(['Accounts']);
    expect(itemLabels(['groups_manage'], 'Admin')).toEqual(['Groups', 'Accounts']);
  });

  it('unlocks Roles and Group roles with roles_manage, and the controller screens with pcs_admin', () => {
    expect(itemLabels(['roles_manage'], 'Admin')).toEqual(['Roles', 'Group roles']);
    expect(itemLabels(['pcs_admin'], 'Admin')).toEqual(['Jobs', 'PCS sites', 'Syrx controllers', 'Syrx controller services']);
  });

  it('shows Jobs for nightly_process_logs_view or pcs_admin, beside the nightly trigger', () => {
    expect(itemLabels(['nightly_process_logs_view'], 'Admin')).toEqual(['Run nightly process', 'Jobs']);
    expect(menuLink(visibleMenus(['pcs_admin'])[0]?.items[0] as MenuItem, 'https://legacy.example')).toEqual({ href: '/admin/jobs', external: false });
  });

  it('shows Move vendor point data for move_vendor_point_records, and Import data for it or pcs_admin, never for group_data_upload', () => {
    expect(itemLabels(['move_vendor_point_records'], 'Report Data')).toEqual(['Move vendor point data', 'Import data']);
    expect(itemLabels(['pcs_admin'], 'Report Data')).toEqual(['Import data']);
    expect(itemLabels(['group_data_upload'], 'Report Data')).toEqual(['Upload group data']);
    expect(menuLabels(['group_data_upload'])).toEqual(['Report Data', 'Reporting']);
    const imports = menus[1]?.items.find((i) => i.key === 'import-data');
    if (!imports) throw new Error('no Import data item');
    expect(menuLink(imports, 'https://legacy.example')).toEqual({ href: '/report-data/import', external: false });
  });

  it('gives a self-registered organization administrator their own menus but not the platform', () => {
    expect(menuLabels(organizationAdministratorPermissions)).toEqual(['Admin', 'Report Data', 'Commissioning', 'Reporting']);
    expect(itemLabels(organizationAdministratorPermissions, 'Admin')).toEqual(['Accounts']);
    // Their group's own data, not the shared catalogues' imports.
    expect(itemLabels(organizationAdministratorPermissions, 'Report Data')).toEqual(['Upload group data', 'Group point record browser', 'Point data availability report']);
  });

  it('ignores permission strings it does not know', () => {
    expect(menuLabels(['launch_rockets'])).toEqual(['Reporting']);
  });
});

describe('menu links', () => {
  const roles = menus[0]?.items.find((i) => i.key === 'roles');
  const users = menus[0]?.items.find((i) => i.key === 'users');

  it('uses our own route where we have one, whatever the legacy app', () => {
    if (!roles) throw new Error('no Roles item');
    expect(menuLink(roles, 'https://legacy.example')).toEqual({ href: '/admin/roles', external: false });
  });

  it('leads the Audit log item (audit_log_view) to our screen', () => {
    const audit = menus[0]?.items.find((i) => i.key === 'audit-log');
    if (!audit) throw new Error('no Audit log item');
    expect(menuLink(audit, 'https://legacy.example')).toEqual({ href: '/admin/audit-log', external: false });
    expect(itemLabels(['audit_log_view'], 'Admin')).toEqual(['Audit log']);
  });

  it('sends legacy screens to the legacy app when its URL is set, else to a page that names the screen', () => {
    if (!users) throw new Error('no Users item');
    expect(menuLink(users, 'https://legacy.example/')).toEqual({ href: 'https://legacy.example/#/admin/users', external: true });
    expect(menuLink(users, '')).toEqual({ href: '/not-available/users', external: false });
    expect(legacyScreen('users')?.label).toBe('Users');
    expect(legacyScreen('roles')).toBeUndefined();
  });

  it('ends sign-out at the legacy home when it is deployed, else at our sign-in page', () => {
    expect(afterSignOutUrl('https://legacy.example')).toBe('https://legacy.example/#/home');
    expect(afterSignOutUrl('')).toBeNull();
  });

  it('has unique keys, since they name the not-yet-available pages', () => {
    const keys = menus.flatMap((m) => m.items.map((i) => i.key));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
