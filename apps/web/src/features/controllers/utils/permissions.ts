import type { SessionUser } from '@syrx/contracts/auth';
import type { Permission } from '@syrx/contracts/permissions';
import { permissionWithKey } from '@syrx/contracts/permissions';

const pcsAdmin: Permission = 'pcs_admin';

/** Creating, editing and deleting controllers, their configuration and the all-groups list need pcs_admin. */
export const canManageControllers = (user: Pick<SessionUser, 'permissions'>): boolean => user.permissions.includes(pcsAdmin);

export const needsPcsAdmin = `This needs the permission ${permissionWithKey('pcs_admin')}.`;
