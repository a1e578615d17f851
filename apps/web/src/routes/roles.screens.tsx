import { useParams } from 'react-router';
import { GroupRoleEditorScreen } from '../features/roles/components/group-role-editor-screen';
import { NotFoundState } from '../features/roles/components/load-states';
import { RoleEditorScreen } from '../features/roles/components/role-editor-screen';

export { GroupRolesScreen } from '../features/roles/components/group-roles-screen';
export { NewGroupRoleScreen, NewRoleScreen } from '../features/roles/components/new-role-screen';
export { RolesScreen } from '../features/roles/components/roles-screen';

/** The id of a path, or null when it is none (the editor then shows "not found", as for a deleted item). */
const idOf = (param: string | undefined): number | null => (param !== undefined && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null);

export function RoleEditorRoute() {
  const id = idOf(useParams().roleId);
  return id === null ? <NotFoundState title="Role not found" backTo="/admin/roles" backLabel="Back to Roles" /> : <RoleEditorScreen key={id} roleId={id} />;
}

export function GroupRoleEditorRoute() {
  const id = idOf(useParams().groupRoleId);
  return id === null ? (
    <NotFoundState title="Group role not found" backTo="/admin/group-roles" backLabel="Back to Group roles" />
  ) : (
    <GroupRoleEditorScreen key={id} groupRoleId={id} />
  );
}
