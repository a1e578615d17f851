import { describe, expect, it } from 'vitest';
import { allPermissions, organizationAdministratorPermissions } from '@syrx/contracts/permissions';
import { type MenuItem, afterSignOutUrl, legacyScreen, menuLink, menus, visibleMenus } from './menu-items';

const legacyApp = 'https://legacy.example';
/** With the legacy app deployed (LEGACY_APP_URL set), as permissions alone decide. */
const menuLabels = (permissions: readonly string[]) => visibleMenus(permissions, legacyApp).map((m) => m.label);
const itemLabels = (permissions: readonly string[], menu: string, legacyAppUrl = legacyApp) =>
  visibleMenus(permissions, legacyAppUrl).find((m) => m.label === menu)?.items.map((i) => i.label) ?? [];

describe('menu visibility', () => {
  it('shows an administrator with every permission every menu and every item', () => {
    const visible = visibleMenus(allPermissions, legacyApp);
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
    expect(menuLink(visibleMenus(['pcs_admin'], legacyApp)[0]?.items[0] as MenuItem, 'https://legacy.example')).toEqual({ href: '/admin/jobs', external: false });
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
    expect(itemLabels(organizationAdministratorPermissions, 'Admin')).toEqual(['Users', 'Groups', 'Accounts']);
    // Their group's own data, not the shared catalogues' imports.
    expect(itemLabels(organizationAdministratorPermissions, 'Report Data')).toEqual(['Upload group data', 'Group point record browser', 'Point data availability report']);
  });

  it('ignores permission strings it does not know', () => {
    expect(menuLabels(['launch_rockets'])).toEqual(['Reporting']);
  });
});

describe('menu links', () => {
  const roles = menus[0]?.items.find((i) => i.key === 'roles');

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

  it('sends legacy screens to the legacy app when its URL is set, and has no link for them without it', () => {
    const ecos = menus.flatMap((m) => m.items).find((i) => i.key === 'ecos');
    if (!ecos) throw new Error('no ECOs item');
    expect(menuLink(ecos, 'https://legacy.example/')).toEqual({ href: 'https://legacy.example/#/commissioning/ecos', external: true });
    expect(menuLink(ecos, '')).toBeNull();
    expect(menuLink(ecos, '  ')).toBeNull();
    expect(legacyScreen('ecos')?.label).toBe('ECOs');
    expect(legacyScreen('roles')).toBeUndefined();
  });

  it('shows legacy screens only while LEGACY_APP_URL is set, and never leads to a page that is not there', () => {
    const all = (legacyAppUrl: string) => visibleMenus(allPermissions, legacyAppUrl).flatMap((m) => m.items);
    const legacyItems = menus.flatMap((m) => m.items).filter((i) => i.target.kind === 'legacy');
    expect(legacyItems.length).toBeGreaterThan(0);
    expect(all('').map((i) => i.key)).toEqual(menus.flatMap((m) => m.items).filter((i) => i.target.kind === 'route').map((i) => i.key));
    for (const i of all('')) expect(menuLink(i, '')?.href).toMatch(/^\/(?!not-available)/);
    expect(all(legacyApp)).toHaveLength(menus.flatMap((m) => m.items).length);
    // Every item of Reporting is the legacy app's today: without it, the menu is gone, Queued reports too.
    expect(itemLabels([], 'Reporting', '')).toEqual([]);
    expect(visibleMenus([], '').map((m) => m.label)).toEqual([]);
    expect(itemLabels(['projects_manage', 'ecos_manage'], 'Commissioning', '')).toEqual(['Projects', 'Purchasing']);
  });

  it('ends sign-out at the legacy home when it is deployed, else at our sign-in page', () => {
    expect(afterSignOutUrl('https://legacy.example')).toBe('https://legacy.example/#/home');
    expect(afterSignOutUrl('')).toBeNull();
    expect(afterSignOutUrl(' ')).toBeNull();
  });

  it('has unique keys, since they name the not-yet-available pages', () => {
    const keys = menus.flatMap((m) => m.items.map((i) => i.key));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
