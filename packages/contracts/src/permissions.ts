import { z } from 'zod';

/** Permission names by menu category (spec 02, section 6). */
export const permissionsByCategory = {
  admin: [
    'users_manage', 'roles_manage', 'weatherstations_manage', 'groups_manage', 'groups_allow_all', 'accounts_manage',
    'components_manage', 'meeting_types_manage', 'utility_companies_manage', 'action_item_field_options_manage',
    'task_field_options_manage', 'issue_field_options_manage', 'contracts_manage', 'syrx_categories_manage',
    'contact_categories_manage', 'reset_schedules_manage', 'functions_manage', 'indexes_manage',
    'equipment_audit_config_manage', 'nightly_process_logs_view', 'binary_point_values_manage', 'audit_log_view',
    'view_disabled_groups', 'pcs_admin',
  ],
  reportData: ['group_data_view', 'group_data_upload', 'vendor_data_view', 'move_vendor_point_records'],
  commissioning: [
    'equipment_manage', 'contacts_manage', 'tasks_manage', 'issues_manage', 'projects_manage', 'ecos_manage',
    'committees_manage', 'meetings_manage',
  ],
  reporting: [
    'reporting_main_dashboard', 'reporting_groups', 'reporting_naics', 'reporting_sic', 'reporting_equipment_syrx',
    'reporting_equipment_energy', 'reporting_equipment_audit', 'reporting_equipment_issues',
    'reporting_equipment_tasks', 'reporting_indexes',
  ],
} as const;

export type Permission = (typeof permissionsByCategory)[keyof typeof permissionsByCategory][number];

export const allPermissions: readonly Permission[] = Object.values(permissionsByCategory).flat();

export const permissionSchema = z.enum(allPermissions as [Permission, ...Permission[]]);

/**
 * The names people read for the permissions (issue 24: keys such as users_manage were shown as they are). Every screen
 * that shows a permission shows this name, with the key beside it in a tooltip; the keys stay what is stored and sent.
 */
export const permissionNames: Readonly<Record<Permission, string>> = {
  users_manage: 'Manage users',
  roles_manage: 'Manage roles',
  weatherstations_manage: 'Manage weather stations',
  groups_manage: 'Manage groups',
  groups_allow_all: 'Access all groups',
  accounts_manage: 'Manage building meter accounts',
  components_manage: 'Manage components',
  meeting_types_manage: 'Manage meeting types',
  utility_companies_manage: 'Manage utility companies',
  action_item_field_options_manage: 'Manage action item field options',
  task_field_options_manage: 'Manage task field options',
  issue_field_options_manage: 'Manage issue field options',
  contracts_manage: 'Manage contracts',
  syrx_categories_manage: 'Manage Syrx categories',
  contact_categories_manage: 'Manage contact categories',
  reset_schedules_manage: 'Manage reset schedules',
  functions_manage: 'Manage functions',
  indexes_manage: 'Manage indexes',
  equipment_audit_config_manage: 'Manage equipment audit configuration',
  nightly_process_logs_view: 'View nightly process logs',
  binary_point_values_manage: 'Manage binary point values',
  audit_log_view: 'View the audit log',
  view_disabled_groups: 'View disabled groups',
  pcs_admin: 'Administer PCS and Syrx controllers',
  group_data_view: 'View group data',
  group_data_upload: 'Upload group data',
  vendor_data_view: 'View vendor data',
  move_vendor_point_records: 'Move vendor point records',
  equipment_manage: 'Manage equipment',
  contacts_manage: 'Manage contacts',
  tasks_manage: 'Manage tasks',
  issues_manage: 'Manage issues',
  projects_manage: 'Manage projects',
  ecos_manage: 'Manage ECOs',
  committees_manage: 'Manage committees',
  meetings_manage: 'Manage meetings',
  reporting_main_dashboard: 'View the main dashboard',
  reporting_groups: 'View the groups report',
  reporting_naics: 'View the NAICS report',
  reporting_sic: 'View the SIC report',
  reporting_equipment_syrx: 'View the Syrx equipment report',
  reporting_equipment_energy: 'View the equipment energy report',
  reporting_equipment_audit: 'View the equipment audit report',
  reporting_equipment_issues: 'View the equipment issues report',
  reporting_equipment_tasks: 'View the equipment tasks report',
  reporting_indexes: 'View the indexes report',
};

/** A key's name in a table of names for people; a key the table does not know (older data) is shown as it is. */
export const nameIn = (names: Readonly<Record<string, string>>, key: string): string => (Object.hasOwn(names, key) ? names[key] ?? key : key);

/** A permission's name for people; a name the catalogue does not know (older data) is shown as it is. */
export const permissionName = (permission: string): string => nameIn(permissionNames, permission);

/** A permission in a sentence: its name, then its key (`Manage users (users_manage)`), for messages that have no tooltip. */
export const permissionWithKey = (permission: string): string => {
  const name = permissionName(permission);
  return name === permission ? permission : `${name} (${permission})`;
};

/**
 * Who writes the shared catalogues (PCS sites, devices and points; vendor points and their records), today through the
 * CSV imports: permissions only an administrator grants, never the self-registration role (docs/permissions.md, "Shared
 * catalogues and group data"). group_data_upload is for the group's own points.
 */
export const sharedCatalogueWritePermissions = ['move_vendor_point_records', 'pcs_admin'] as const satisfies readonly Permission[];

/**
 * Who reads the shared catalogues (PCS sites, devices and points; vendor points and their records): their trees, the
 * vendor and PCS point record browsers and their availability (docs/permissions.md).
 */
export const sharedCatalogueReadPermissions = ['vendor_data_view', 'move_vendor_point_records', 'pcs_admin'] as const satisfies readonly Permission[];

/**
 * Permissions of the role a self-registered user receives for the organization they create:
 * they run their own group's data, projects and reports, but not the platform (none of sharedCatalogueWritePermissions).
 */
export const organizationAdministratorPermissions: readonly Permission[] = [
  // An organization brings its own people in: users and groups of its own tree (a user manages only what they see, and
  // gives only roles whose permissions they hold; docs/permissions.md).
  'users_manage', 'groups_manage',
  'accounts_manage', 'group_data_view', 'group_data_upload', 'equipment_manage', 'contacts_manage', 'tasks_manage',
  'issues_manage', 'projects_manage', 'reporting_main_dashboard', 'reporting_groups',
];
