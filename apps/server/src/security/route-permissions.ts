import type { Permission } from '@syrx/contracts/permissions';

/**
 * What each route needs beyond a session and a visible group (docs/permissions.md), for the generated permission
 * matrix: 'session' (any signed-in user who sees the object), or any one of the listed permissions (a user without
 * all of them is refused with 403). Group roles (group_controllers_manage, group_projects_manage) also open some of
 * these; they are tested in modules/roles. Every non-public route must be listed, so a new route makes its author say.
 */
/** Routes reachable without a session; each checks its caller itself or answers nothing private. */
export const publicRoutes: ReadonlySet<string> = new Set([
  'GET /api/Login', 'POST /api/Login', 'DELETE /api/Login', 'POST /api/v2/auth', 'DELETE /api/v2/auth', 'POST /api/v2/auth/refresh',
  'POST /api/v2/users/register', 'GET /api/health', 'GET /api/health/live', 'GET /api/health/ready', 'GET /api/v2/client-config',
  'GET /api/docs', 'GET /metrics', 'POST /api/v2/purchasing/stripe-webhook',
  // Password links: the same answer for every name; a link's token is its own check.
  'POST /api/v2/auth/forgot-password', 'POST /api/v2/auth/reset-password',
  // An agent's download: controller credentials in headers, or a pcs_admin session.
  'GET /api/v2/syrx-controller-service-types/:id/artifacts/:artifactId/package',
]);

export type RouteRule = 'session' | readonly Permission[];

const pcsAdmin = ['pcs_admin'] as const;
const pointTrees = ['vendor_data_view', 'move_vendor_point_records', 'pcs_admin'] as const;
const accounts = ['accounts_manage', 'groups_manage'] as const;
const equipment = ['equipment_manage', 'projects_manage'] as const;
const roles = ['roles_manage'] as const;
const giveRoles = ['roles_manage', 'users_manage'] as const;
const catalogue = ['syrx_categories_manage'] as const;
const components = ['components_manage'] as const;
/** The five routes of an Admin catalogue at `path` (its grid, create, read, update, delete), all needing `rule`. */
const catalogueRules = (path: string, rule: readonly Permission[]): Record<string, RouteRule> => ({
  [`GET ${path}`]: rule, [`POST ${path}`]: rule, [`GET ${path}/:id`]: rule, [`PUT ${path}/:id`]: rule, [`DELETE ${path}/:id`]: rule,
});
const groupsManage = ['groups_manage'] as const;
/** The routes of one kind's issues log at `base` (docs/issues-log.md), all needing `rule`. */
const issueLogRules = (base: string, rule: readonly Permission[]): Record<string, RouteRule> => Object.fromEntries([
  `GET ${base}`, `GET ${base}.csv`, `GET ${base}/field-options`, `GET ${base}/assignees`, `POST ${base}`, `GET ${base}/:id`, `PATCH ${base}/:id`, `GET ${base}/:id/comments`,
  `POST ${base}/:id/comments`, `GET ${base}/:id/history`, `GET ${base}/:id/links`, `POST ${base}/:id/links`, `DELETE ${base}/:id/links/:linkId`,
].map((key) => [key, rule]));

/** The reads of a kind of point at `base` (point-data routes: points, series, page, count, CSV, availability and its CSV). */
const pointDataRules = (base: string, rule: RouteRule): Record<string, RouteRule> => Object.fromEntries(
  ['/points', '/series', '', '/count', '.csv', '/availability', '/availability.csv'].map((suffix) => [`GET ${base}${suffix}`, rule]),
);

export const routePermissions: Record<string, RouteRule> = {
  // Another user's current group needs users_manage (one's own, a session: the sweep calls it with another user's id).
  'POST /api/Users/:userId/CurrentGroup': ['users_manage'],
  'GET /api/v2/groups/getChildrenOf': 'session',
  // One's own second factor and API tokens (docs/security.md); the setup also from a session a group limits to it.
  'POST /api/v2/auth/totp/setup': 'session',
  'POST /api/v2/auth/totp/enable': 'session',
  'POST /api/v2/auth/totp/disable': 'session',
  'GET /api/v2/users/me/tokens': 'session',
  'POST /api/v2/users/me/tokens': 'session',
  'DELETE /api/v2/users/me/tokens/:id': 'session',
  // Users (the users of groups the caller sees, else 404) and one's own password.
  'GET /api/v2/users': ['users_manage'],
  'POST /api/v2/users': ['users_manage'],
  'GET /api/v2/users/role-options': ['users_manage'],
  'GET /api/v2/users/:id': ['users_manage'],
  'PUT /api/v2/users/:id': ['users_manage'],
  'POST /api/v2/users/:id/deactivate': ['users_manage'],
  'POST /api/v2/users/:id/activate': ['users_manage'],
  'POST /api/v2/users/:id/resend-invitation': ['users_manage'],
  'POST /api/v2/auth/password': 'session',
  // Group administration: the groups the caller sees (else 404).
  'POST /api/v2/groups': groupsManage,
  'GET /api/v2/groups/:id': groupsManage,
  'PUT /api/v2/groups/:id': groupsManage,
  'DELETE /api/v2/groups/:id': groupsManage,
  'GET /api/v2/groups/:id/members': groupsManage,
  'PUT /api/v2/groups/:id/members': groupsManage,
  'GET /api/v2/groups/:id/member-candidates': groupsManage,
  'GET /api/v2/groups/:id/controllers': groupsManage,

  // Controllers: every group's list (no root_group_id) and every change is pcs_admin's.
  'GET /api/SyrxControllers': pcsAdmin,
  'GET /api/SyrxControllers/count': pcsAdmin,
  'POST /api/SyrxControllers': pcsAdmin,
  'GET /api/SyrxControllers/:id': 'session',
  'PUT /api/SyrxControllers/:id': pcsAdmin,
  'DELETE /api/SyrxControllers/:id': pcsAdmin,
  'PATCH /api/BacnetControllers/:id/register': 'session',
  'GET /api/SyrxControllers/:id/bacnet-connection-configuration': 'session',
  'PUT /api/SyrxControllers/:id/bacnet-connection-configuration': pcsAdmin,
  'DELETE /api/SyrxControllers/:id/bacnet-connection-configuration': pcsAdmin,
  'GET /api/SyrxControllers/:id/bacnet-connection-bbmd-servers': 'session',
  'PUT /api/SyrxControllers/:id/bacnet-connection-bbmd-servers': pcsAdmin,
  'GET /api/SyrxControllers/:id/enabled-services': 'session',
  'PUT /api/SyrxControllers/:id/enabled-services': pcsAdmin,
  'GET /api/SyrxControllers/:id/enabled-services/:serviceId': 'session',
  'GET /api/SyrxControllers/:id/critical-systemd-service-statuses': 'session',

  // BACnet devices, points and discovery messages.
  'GET /api/SyrxControllers/:id/bacnet-devices': 'session',
  'GET /api/SyrxControllers/:id/bacnet-devices/count': 'session',
  'GET /api/SyrxControllers/:id/bacnet-devices/:deviceId': 'session',
  'POST /api/SyrxControllers/:id/bacnet-devices/:deviceId/reload-properties': pcsAdmin,
  'POST /api/SyrxControllers/:id/bacnet-devices/:deviceId/reload-points': pcsAdmin,
  'POST /api/SyrxControllers/:id/bacnet-devices/:deviceId/reload-points/stage': pcsAdmin,
  'PUT /api/SyrxControllers/:id/bacnet-devices/:deviceId/ignored': pcsAdmin,
  'PATCH /api/SyrxControllers/:id/bacnet-devices': pcsAdmin,
  'PATCH /api/bacnet-devices': pcsAdmin,
  'POST /api/SyrxControllers/:id/syrx-controller-bacnet-devices': pcsAdmin,
  'GET /api/SyrxControllers/:id/bacnet-points': 'session',
  'GET /api/SyrxControllers/:id/bacnet-points/count': 'session',
  'GET /api/SyrxControllers/:id/bacnet-points/:pointId': 'session',
  'PATCH /api/SyrxControllers/:id/reporting-points/:pointId': pcsAdmin,
  'GET /api/SyrxControllers/:id/bacnet-devices/:deviceId/point-changes': 'session',
  'GET /api/bacnet-devices/:deviceId/bacnet-points': 'session',
  'GET /api/bacnet-devices/:deviceId/bacnet-points/count': 'session',
  'GET /api/bacnet-devices/:deviceId/bacnet-points/object-groups': 'session',
  'POST /api/bacnet-devices/:deviceId/bacnet-points/begin': pcsAdmin,
  'POST /api/bacnet-devices/:deviceId/bacnet-points': pcsAdmin,
  'POST /api/bacnet-devices/:deviceId/bacnet-points/complete': pcsAdmin,
  'POST /api/SyrxControllers/:id/services/:queryServiceId/messages/create-discover-devices-message': pcsAdmin,
  'GET /api/SyrxControllers/:id/services/:queryServiceId/messages': 'session',
  'GET /api/SyrxControllers/:id/services/:queryServiceId/messages/count': 'session',

  // Point records, remote operations, pressure control.
  'GET /api/v2/point-records/series': 'session',
  'GET /api/v2/point-records': 'session',
  'GET /api/v2/point-records/count': 'session',
  'GET /api/v2/point-records/latest': 'session',
  'GET /api/v2/point-records.csv': 'session',
  // Backfill from the devices' trend logs: the same rights as changing the controller (pcs_admin or its group role).
  'POST /api/v2/point-records/backfill': pcsAdmin,
  ...pointDataRules('/api/v2/controller-point-records', 'session'),
  ...pointDataRules('/api/v2/vendor-point-records', pointTrees),
  ...pointDataRules('/api/v2/pcs-point-records', pointTrees),
  ...pointDataRules('/api/v2/group-point-records', ['group_data_view']),
  'GET /api/v2/audit-log': ['audit_log_view'],
  'GET /api/v2/audit-log/count': ['audit_log_view'],
  'GET /api/SyrxControllers/:id/services/:serviceId/logs': 'session',
  'GET /api/SyrxControllers/:id/services/:serviceId/logs/count': 'session',
  'GET /api/SyrxControllers/:id/services/:serviceId/diagnostics/latest': 'session',
  'GET /api/SyrxControllers/:id/metrics/groups': 'session',
  'GET /api/SyrxControllers/:id/metrics': 'session',
  'GET /api/SyrxControllers/:id/services/:serviceId/configuration': 'session',
  'PATCH /api/SyrxControllers/:id/services/:serviceId/configuration': pcsAdmin,
  'GET /api/SyrxControllers/:id/services/:serviceId/building-pressure-transmitters': 'session',
  'POST /api/SyrxControllers/:id/services/:serviceId/building-pressure-transmitters': pcsAdmin,
  'GET /api/SyrxControllers/:id/services/:serviceId/building-pressure-transmitters/:transmitterId': 'session',
  'PUT /api/SyrxControllers/:id/services/:serviceId/building-pressure-transmitters/:transmitterId': pcsAdmin,
  'DELETE /api/SyrxControllers/:id/services/:serviceId/building-pressure-transmitters/:transmitterId': pcsAdmin,

  // Jobs (everyone sees their own), vendor and PCS points, imports and moves.
  'GET /api/v2/jobs': 'session',
  'GET /api/v2/jobs/:id': 'session',
  'GET /api/v2/jobs/:id/child-jobs': 'session',
  'GET /api/v2/jobs/:id/logs': 'session',
  'GET /api/v2/jobs/statuses': 'session',
  'GET /api/v2/vendor_points/vendors': pointTrees,
  'GET /api/v2/vendor_points/vendors/:v/id_field_1': pointTrees,
  'GET /api/v2/vendor_points/vendors/:v/id_field_1/count': pointTrees,
  'GET /api/v2/vendor_points/vendors/:v/id_field_1/:a/id_field_2': pointTrees,
  'GET /api/v2/vendor_points/vendors/:v/id_field_1/:a/id_field_2/count': pointTrees,
  'GET /api/v2/vendor_points/vendors/:v/id_field_1/:a/id_field_2/:b/id_field_3': pointTrees,
  'GET /api/v2/vendor_points/vendors/:v/id_field_1/:a/id_field_2/:b/id_field_3/count': pointTrees,
  'GET /api/PcsSites': pointTrees,
  'GET /api/PcsSites/count': pointTrees,
  'GET /api/PcsSites/:id/devices': pointTrees,
  'GET /api/PcsSites/:id/devices/count': pointTrees,
  'GET /api/PcsDevices/:id/points': pointTrees,
  'GET /api/PcsDevices/:id/points/count': pointTrees,
  'GET /api/PcsPoints/:id': pointTrees,
  'POST /api/v2/vendor_point_record_move_jobs': ['move_vendor_point_records'],
  // The imports write the shared catalogues (PCS sites, vendor points): administrator-granted permissions only.
  'POST /api/v2/imports/:kind': ['move_vendor_point_records', 'pcs_admin'],
  // A group's own point data: read and uploaded in a visible group (docs/permissions.md, "Shared catalogues and group data").
  'GET /api/v2/groups/:groupId/group-points': ['group_data_view'],
  'POST /api/v2/groups/:groupId/group-data': ['group_data_upload'],
  'GET /api/v2/pcs-sites': pcsAdmin,
  'PUT /api/v2/pcs-sites/:id': pcsAdmin,
  'POST /api/v2/pcs-sites/:id/merge': pcsAdmin,
  'DELETE /api/v2/pcs-sites/:id': pcsAdmin,

  // Building meter accounts.
  'GET /api/v2/accounts/for-group/:groupId': 'session',
  'POST /api/v2/accounts': accounts,
  'GET /api/v2/accounts/:id': 'session',
  'PUT /api/v2/accounts/:id': accounts,
  'DELETE /api/v2/accounts/:id': accounts,
  'POST /api/v2/account-size-normalizations': accounts,
  'POST /api/v2/account-price-normalizations': accounts,
  'GET /api/v2/weatherstations': 'session',
  'GET /api/v2/timezones': 'session',

  // Projects, equipment, contacts, component types.
  'GET /api/v2/groups/:groupId/projects': 'session',
  'POST /api/v2/projects': ['projects_manage'],
  'GET /api/v2/projects/:id': 'session',
  'PUT /api/v2/projects/:id': ['projects_manage'],
  'DELETE /api/v2/projects/:id': ['projects_manage'],
  'GET /api/v2/projects/:id/schedule': 'session',
  'POST /api/v2/projects/:id/equipment-tasks': ['projects_manage'],
  'POST /api/v2/equipments': equipment,
  'GET /api/v2/equipments/:id': 'session',
  'PUT /api/v2/equipments/:id': equipment,
  'DELETE /api/v2/equipments/:id': equipment,
  'GET /api/v2/groups/:groupId/contacts': 'session',
  'POST /api/v2/contacts': ['contacts_manage'],
  'GET /api/v2/contacts/:id': 'session',
  'PUT /api/v2/contacts/:id': ['contacts_manage'],
  'DELETE /api/v2/contacts/:id': ['contacts_manage'],
  'GET /api/v2/components/schedule-tree': 'session',
  'GET /api/v2/components/:id/descendents': 'session',
  'GET /api/v2/components/typeahead/:text': 'session',

  // The Admin catalogues (docs/catalogues.md): each behind its permission; the contacts editor's category choices for all.
  ...catalogueRules('/api/v2/weather-stations', ['weatherstations_manage']),
  ...catalogueRules('/api/v2/utility-companies', ['utility_companies_manage']),
  ...catalogueRules('/api/v2/contact-categories', ['contact_categories_manage']),
  'GET /api/v2/contact-categories/choices': 'session',
  ...catalogueRules('/api/v2/generic-points', components),
  ...catalogueRules('/api/v2/issue-field-options', ['issue_field_options_manage']),
  ...catalogueRules('/api/v2/task-field-options', ['task_field_options_manage']),
  'GET /api/v2/component-types': components,
  'POST /api/v2/component-types': components,
  'PUT /api/v2/component-types/:id': components,
  'POST /api/v2/component-types/:id/move': components,
  'DELETE /api/v2/component-types/:id': components,
  'GET /api/v2/component-types/:id/points': components,
  'POST /api/v2/component-types/:id/points': components,
  'PUT /api/v2/component-points/:id': components,
  'DELETE /api/v2/component-points/:id': components,

  // Purchasing: the catalogue's changes need syrx_categories_manage; buying needs a session.
  'GET /api/v2/syrx-controller-sizes': 'session',
  'POST /api/v2/syrx-controller-sizes': catalogue,
  'PUT /api/v2/syrx-controller-sizes/:id': catalogue,
  'DELETE /api/v2/syrx-controller-sizes/:id': catalogue,
  'GET /api/v2/syrx-controller-node-categories': 'session',
  'POST /api/v2/syrx-controller-node-categories': catalogue,
  'PUT /api/v2/syrx-controller-node-categories/:id': catalogue,
  'DELETE /api/v2/syrx-controller-node-categories/:id': catalogue,
  'GET /api/v2/syrx-controller-node-types': 'session',
  'POST /api/v2/syrx-controller-node-types': catalogue,
  'PUT /api/v2/syrx-controller-node-types/:id': catalogue,
  'DELETE /api/v2/syrx-controller-node-types/:id': catalogue,
  'POST /api/v2/purchasing/initiate': 'session',
  'GET /api/v2/purchasing/:id': 'session',
  'POST /api/v2/purchasing/:id/update-status': 'session',
  'POST /api/v2/purchasing/test-payment-intents/:id/confirm': 'session',

  // Service types, versions and artifacts.
  'GET /api/v2/syrx-controller-service-types': 'session',
  'GET /api/v2/syrx-controller-service-types/:id/versions': 'session',
  'POST /api/v2/syrx-controller-service-types/:id/versions': pcsAdmin,
  'GET /api/v2/syrx-controller-service-types/:id/versions/:version': 'session',
  'PUT /api/v2/syrx-controller-service-types/:id/versions/:version': pcsAdmin,
  'DELETE /api/v2/syrx-controller-service-types/:id/versions/:version': pcsAdmin,
  'GET /api/v2/syrx-controller-service-types/:id/artifacts': 'session',
  'POST /api/v2/syrx-controller-service-types/:id/artifacts': pcsAdmin,
  'DELETE /api/v2/syrx-controller-service-types/:id/artifacts/:artifactId': pcsAdmin,

  // Point health (docs/point-health.md): reading follows the controllers' groups; starting or scheduling a sweep and relinquishing an override
  // are changes to the controller's (a group role granting group_controllers_manage opens them as well).
  'POST /api/v2/point-health/sweeps': pcsAdmin,
  'GET /api/v2/point-health/sweeps': 'session',
  'GET /api/v2/point-health/sweeps/:id': 'session',
  'GET /api/v2/point-health/sweeps/:id/controllers': 'session',
  'GET /api/v2/point-health/sweeps/:id/findings': 'session',
  'GET /api/v2/point-health/sweeps/:id/findings.csv': 'session',
  'GET /api/v2/point-health/fleet': 'session',
  'POST /api/v2/point-health/findings/:id/relinquish': pcsAdmin,
  'GET /api/v2/point-health/schedules': 'session',
  'PUT /api/v2/point-health/schedules/:groupId': pcsAdmin,
  'DELETE /api/v2/point-health/schedules/:groupId': pcsAdmin,

  // The commissioning issues log (docs/issues-log.md): each kind behind its permission, its entries in visible groups.
  ...issueLogRules('/api/v2/issues', ['issues_manage']),
  ...issueLogRules('/api/v2/tasks', ['tasks_manage']),

  // Roles and group roles.
  'GET /api/v2/roles': roles,
  'POST /api/v2/roles': roles,
  'GET /api/v2/roles/:id': roles,
  'PUT /api/v2/roles/:id': roles,
  'DELETE /api/v2/roles/:id': roles,
  'GET /api/v2/roles/:id/permissions': roles,
  'PUT /api/v2/roles/:id/permissions': roles,
  'GET /api/v2/roles/:id/users': roles,
  'POST /api/v2/roles/:id/users': roles,
  'DELETE /api/v2/roles/:id/users/:userId': roles,
  'GET /api/v2/group-permissions': 'session',
  'GET /api/v2/group-roles': roles,
  'POST /api/v2/group-roles': roles,
  'GET /api/v2/group-roles/:id': roles,
  'PUT /api/v2/group-roles/:id': roles,
  'DELETE /api/v2/group-roles/:id': roles,
  'GET /api/v2/group-roles/:id/group-permissions': roles,
  'PUT /api/v2/group-roles/:id/group-permissions': roles,
  'GET /api/v2/group-roles/:id/users': roles,
  'POST /api/v2/group-roles/:id/users': giveRoles,
  'DELETE /api/v2/group-roles/:id/users/:userId/groups/:groupId': giveRoles,
  'GET /api/v2/users/:userId/roles': giveRoles,
  'PUT /api/v2/users/:userId/roles': giveRoles,
  'GET /api/v2/users/:userId/group-roles': giveRoles,
  'PUT /api/v2/users/:userId/group-roles': giveRoles,
};
