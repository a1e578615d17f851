import { type RouteObject, useParams } from 'react-router';
import { GroupRoleEditorScreen } from '../features/roles/components/group-role-editor-screen';
import { GroupRolesScreen } from '../features/roles/components/group-roles-screen';
import { NotFoundState } from '../features/roles/components/load-states';
import { NewGroupRoleScreen, NewRoleScreen } from '../features/roles/components/new-role-screen';
import { RoleEditorScreen } from '../features/roles/components/role-editor-screen';
import { RolesScreen } from '../features/roles/components/roles-screen';

/** The id of a path, or null when it is none (the editor then shows "not found", as for a deleted item). */
const idOf = (param: string | undefined): number | null => (param !== undefined && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null);

function RoleEditorRoute() {
  const id = idOf(useParams().roleId);
  return id === null ? <NotFoundState title="Role not found" backTo="/admin/roles" backLabel="Back to Roles" /> : <RoleEditorScreen key={id} roleId={id} />;
}

function GroupRoleEditorRoute() {
  const id = idOf(useParams().groupRoleId);
  return id === null ? (
    <NotFoundState title="Group role not found" backTo="/admin/group-roles" backLabel="Back to Group roles" />
  ) : (
    <GroupRoleEditorScreen key={id} groupRoleId={id} />
  );
}

/** Roles and group roles (spec 02 section 2). */
export const roleRoutes: RouteObject[] = [
  { path: '/admin/roles', element: <RolesScreen /> },
  { path: '/admin/roles/new', element: <NewRoleScreen /> },
  { path: '/admin/roles/:roleId', element: <RoleEditorRoute /> },
  { path: '/admin/group-roles', element: <GroupRolesScreen /> },
  { path: '/admin/group-roles/new', element: <NewGroupRoleScreen /> },
  { path: '/admin/group-roles/:groupRoleId', element: <GroupRoleEditorRoute /> },
];
