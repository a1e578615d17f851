import type { ReactNode } from 'react';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import type { SessionUser } from '@syrx/contracts/auth';
import type { Permission } from '@syrx/contracts/permissions';
import { useCurrentUser } from '../../../lib/session';
import { permissionWithKey } from '@syrx/contracts/permissions';

const pcsAdmin: Permission = 'pcs_admin';

/**
 * Changing the pressure control service (configuration, points, transmitters) needs pcs_admin, as the server
 * enforces (docs/pressure-control.md); reading needs only that the controller is visible.
 */
export const canChangePressureControl = (user: Pick<SessionUser, 'permissions'>): boolean => user.permissions.includes(pcsAdmin);

export const needsPcsAdmin = `This needs the permission ${permissionWithKey('pcs_admin')}.`;

/** Whether the signed-in user may change the service, and the title a refused button carries. */
export function useMayChange(): { mayChange: boolean; title: string | undefined } {
  const mayChange = canChangePressureControl(useCurrentUser());
  return { mayChange, title: mayChange ? undefined : needsPcsAdmin };
}

/** A button of the status panel that opens one of the service's edit routes. */
export function ChangeButton({ to, children, primary = false }: { to: string; children: ReactNode; primary?: boolean }) {
  const navigate = useNavigate();
  const { mayChange, title } = useMayChange();
  return (
    <Button size="small" type={primary ? 'primary' : 'default'} disabled={!mayChange} title={title} onClick={() => void navigate(to)}>
      {children}
    </Button>
  );
}
