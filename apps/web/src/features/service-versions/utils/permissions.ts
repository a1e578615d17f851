import type { SessionUser } from '@syrx/contracts/auth';
import { permissionWithKey } from '@syrx/contracts/permissions';

/** Publishing, creating, editing and deleting versions and artifacts need pcs_admin; any signed-in user may look. */
export const canManageServiceVersions = (user: Pick<SessionUser, 'permissions'>): boolean => user.permissions.includes('pcs_admin');

export const needsPcsAdmin = `Publishing and changing service versions needs the permission ${permissionWithKey('pcs_admin')}.`;
