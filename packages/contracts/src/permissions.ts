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
