import { type Permission, sharedCatalogueWritePermissions } from '@syrx/contracts/permissions';

/** Where a menu item leads: one of our routes, or a screen of the legacy hash-routed app (path after '#/'). */
export type MenuTarget = { kind: 'route'; path: string } | { kind: 'legacy'; path: string };

export interface MenuItem {
  /** Unique; also the slug of the "not yet available" page of a legacy screen. */
  key: string;
  label: string;
  /** The item shows when the user holds any of these; an empty list means any signed-in user. */
  anyOf: readonly Permission[];
  target: MenuTarget;
}

export interface Menu {
  key: string;
  label: string;
  items: readonly MenuItem[];
}

const route = (path: string): MenuTarget => ({ kind: 'route', path });
const legacy = (path: string): MenuTarget => ({ kind: 'legacy', path });
const item = (key: string, label: string, anyOf: readonly Permission[], target: MenuTarget): MenuItem => ({ key, label, anyOf, target });

/** The top navigation's menus (spec 02, section 6). A menu without a visible item is hidden. */
export const menus: readonly Menu[] = [
  {
    key: 'admin',
    label: 'Admin',
    items: [
      item('users', 'Users', ['users_manage'], route('/admin/users')),
      item('roles', 'Roles', ['roles_manage'], route('/admin/roles')),
      item('group-roles', 'Group roles', ['roles_manage'], route('/admin/group-roles')),
      item('weather-stations', 'Weather stations', ['weatherstations_manage'], route('/admin/weather-stations')),
      item('groups', 'Groups', ['groups_manage'], route('/admin/groups')),
      item('accounts', 'Accounts', ['accounts_manage', 'groups_manage'], route('/admin/groups/accounts')),
      item('components', 'Components', ['components_manage'], route('/admin/components')),
      item('generic-points', 'Generic points', ['components_manage'], route('/admin/generic-points')),
      item('meeting-types', 'Meeting types', ['meeting_types_manage'], legacy('admin/meeting_types')),
      item('utility-companies', 'Utility companies', ['utility_companies_manage'], route('/admin/utility-companies')),
      item('action-item-priorities', 'Action item priorities', ['action_item_field_options_manage'], legacy('admin/action_item_priorities')),
      item('action-item-statuses', 'Action item statuses', ['action_item_field_options_manage'], legacy('admin/action_item_statuses')),
      item('action-item-types', 'Action item types', ['action_item_field_options_manage'], legacy('admin/action_item_types')),
      item('task-field-options', 'Task field options', ['task_field_options_manage'], route('/admin/task-field-options')),
      item('issue-field-options', 'Issue field options', ['issue_field_options_manage'], route('/admin/issue-field-options')),
      item('contracts', 'Contracts', ['contracts_manage'], legacy('admin/contracts')),
      item('syrx-categories', 'Syrx categories', ['syrx_categories_manage'], route('/admin/syrx-catalogue')),
      item('contact-categories', 'Contact categories', ['contact_categories_manage'], route('/admin/contact-categories')),
      item('reset-schedules', 'Reset schedules', ['reset_schedules_manage'], legacy('admin/reset_schedules')),
      item('functions', 'Functions', ['functions_manage'], legacy('admin/functions')),
      item('indexes', 'Indexes', ['indexes_manage'], legacy('admin/indexes')),
      item('equipment-audit-configuration', 'Equipment audit configuration', ['equipment_audit_config_manage'], legacy('admin/equipment_audit_config')),
      item('nightly-process-trigger', 'Run nightly process', ['nightly_process_logs_view'], legacy('admin/nightly_process')),
      item('jobs', 'Jobs', ['nightly_process_logs_view', 'pcs_admin'], route('/admin/jobs')),
      item('binary-point-values', 'Binary point values', ['binary_point_values_manage'], legacy('admin/binary_point_values')),
      item('audit-log', 'Audit log', ['audit_log_view'], route('/admin/audit-log')),
      item('pcs-sites', 'PCS sites', ['pcs_admin'], route('/admin/pcs-sites')),
      item('syrx-controllers', 'Syrx controllers', ['pcs_admin'], route('/admin/syrx-controllers')),
      item('syrx-controller-services', 'Syrx controller services', ['pcs_admin'], route('/admin/syrx-controller-services')),
    ],
  },
  {
    key: 'report-data',
    label: 'Report Data',
    items: [
      item('group-data-upload', 'Upload group data', ['group_data_upload'], route('/report-data/group-data-upload')),
      item('group-point-records', 'Group point record browser', ['group_data_view'], route('/point-reporting?kind=group')),
      item('vendor-point-records', 'Vendor point record browser', ['vendor_data_view'], route('/point-reporting?kind=vendor')),
      item('pcs-point-records', 'PCS point record browser', ['vendor_data_view'], route('/point-reporting?kind=pcs')),
      item('point-data-report', 'Point data availability report', ['group_data_view', 'vendor_data_view'], route('/report-data/availability')),
      item('move-vendor-point-data', 'Move vendor point data', ['move_vendor_point_records'], route('/admin/move-vendor-point-data')),
      // The imports write the shared catalogues (PCS sites, vendor points), not the group's own data (docs/permissions.md).
      item('import-data', 'Import data', sharedCatalogueWritePermissions, route('/report-data/import')),
    ],
  },
  {
    key: 'commissioning',
    label: 'Commissioning',
    items: [
      item('projects', 'Projects', ['projects_manage'], route('/projects')),
      item('purchasing', 'Purchasing', ['projects_manage'], route('/purchasing')),
      item('equipment', 'Equipment', ['equipment_manage'], route('/commissioning/equipment/editor')),
      item('contacts', 'Contacts', ['contacts_manage'], route('/commissioning/contacts')),
      // Ours (issue 25): who sweeps controllers, and who follows the commissioning issues they raise.
      item('point-health', 'Point health', ['pcs_admin', 'issues_manage'], route('/commissioning/point-health')),
      item('tasks', 'Tasks', ['tasks_manage'], route('/commissioning/tasks')),
      item('issues', 'Issues', ['issues_manage'], route('/commissioning/issues')),
      item('ecos', 'ECOs', ['ecos_manage'], legacy('commissioning/ecos')),
      item('committees', 'Committees', ['committees_manage'], legacy('commissioning/committees')),
      item('meetings', 'Meetings', ['meetings_manage'], legacy('commissioning/meetings')),
    ],
  },
  {
    key: 'reporting',
    label: 'Reporting',
    items: [
      item('groups-report', 'Groups', ['reporting_groups'], legacy('reporting/groups')),
      item('naics-report', 'NAICS', ['reporting_naics'], legacy('reporting/naics')),
      item('sic-report', 'SIC', ['reporting_sic'], legacy('reporting/sic')),
      item('syrx-equipment-report', 'Syrx equipment', ['reporting_equipment_syrx'], legacy('reporting/equipment_syrx')),
      item('equipment-energy-report', 'Equipment energy', ['reporting_equipment_energy'], legacy('reporting/equipment_energy')),
      item('equipment-audit-report', 'Equipment audit', ['reporting_equipment_audit'], legacy('reporting/equipment_audit')),
      item('equipment-issues-report', 'Equipment issues', ['reporting_equipment_issues'], legacy('reporting/equipment_issues')),
      item('equipment-tasks-report', 'Equipment tasks', ['reporting_equipment_tasks'], legacy('reporting/equipment_tasks')),
      item('queued-reports', 'Queued reports', [], legacy('reporting/queued_reports')),
    ],
  },
];

/** The legacy app's base URL without trailing slashes; '' when it is not deployed. */
const legacyBase = (legacyAppUrl: string): string => legacyAppUrl.trim().replace(/\/+$/, '');

/** Whether an item leads to a screen: ours always; the legacy app's only when it is deployed (never to a dead end). */
export const reachable = (menuItem: MenuItem, legacyAppUrl: string): boolean => menuItem.target.kind === 'route' || legacyBase(legacyAppUrl) !== '';

/**
 * The menus a signed-in user with these permission strings sees, each with only its allowed items that lead to a
 * screen: an item of the legacy app shows only when LEGACY_APP_URL is set. A menu left without items is hidden.
 */
export function visibleMenus(permissions: readonly string[], legacyAppUrl: string): Menu[] {
  const held = new Set(permissions);
  const allowed = (i: MenuItem) => i.anyOf.length === 0 || i.anyOf.some((p) => held.has(p));
  return menus
    .map((menu) => ({ ...menu, items: menu.items.filter((i) => allowed(i) && reachable(i, legacyAppUrl)) }))
    .filter((menu) => menu.items.length > 0);
}

/** The legacy screen whose "not yet available" page has this slug. */
export function legacyScreen(slug: string): MenuItem | undefined {
  return menus.flatMap((menu) => menu.items).find((i) => i.key === slug && i.target.kind === 'legacy');
}

export interface MenuLink {
  href: string;
  /** True for the legacy app: a plain link that leaves this app. */
  external: boolean;
}

/** Our own route, or a legacy screen in the legacy app; null when the legacy app is not deployed (no such link is shown). */
export function menuLink(menuItem: MenuItem, legacyAppUrl: string): MenuLink | null {
  const { target } = menuItem;
  if (target.kind === 'route') return { href: target.path, external: false };
  const base = legacyBase(legacyAppUrl);
  return base === '' ? null : { href: `${base}/#/${target.path}`, external: true };
}

/**
 * Where signing out ends: the legacy app's home when it is deployed; else null, and the sign-in guard sends the page
 * to our sign-in page (/login?next=…, so signing in again returns to it).
 */
export function afterSignOutUrl(legacyAppUrl: string): string | null {
  const base = legacyBase(legacyAppUrl);
  return base === '' ? null : `${base}/#/home`;
}
