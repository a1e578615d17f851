import type { AuditAction } from '@syrx/contracts/audit';
import type { GridFilter, Sort } from '@syrx/contracts/grid';

/** The screen's filters: an action, and text the user name and the target id contain (empty: any). */
export interface AuditFilters {
  action: AuditAction | null;
  user: string;
  target: string;
}

export const noAuditFilters: AuditFilters = { action: null, user: '', target: '' };
export const newestFirst: Sort[] = [{ field: 'at', dir: 'desc' }];

/** The filters in the grid form the server reads (filterableAuditFields). */
export function auditGridFilters(f: AuditFilters): GridFilter[] {
  const filters: GridFilter[] = [];
  if (f.action) filters.push({ field: 'action', field_type: 'string', operator: 'eq', value: f.action });
  if (f.user.trim() !== '') filters.push({ field: 'username', field_type: 'string', operator: 'contains', value: f.user.trim() });
  if (f.target.trim() !== '') filters.push({ field: 'target_id', field_type: 'string', operator: 'contains', value: f.target.trim() });
  return filters;
}

export const auditActionLabels: Record<AuditAction, string> = {
  'terminal.open': 'Terminal opened',
  'terminal.close': 'Terminal closed',
  'terminal.refused': 'Terminal refused',
  'bacnet.write': 'BACnet property written',
  'controller.services.change': 'Enabled services changed',
  'controller.register': 'Controller registered',
  'controller.create': 'Controller created',
  'controller.delete': 'Controller deleted',
  'auth.signin.failed': 'Sign-in failed',
  'auth.refresh.reused': 'Refresh token replayed (session revoked)',
  'auth.totp.enable': 'Two-factor sign-in turned on',
  'auth.totp.disable': 'Two-factor sign-in turned off',
  'auth.totp.recovery_code_used': 'Recovery code used',
  'api_token.create': 'API token created',
  'api_token.revoke': 'API token revoked',
  'api_token.use': 'API token used',
  'group.create': 'Group created',
  'group.update': 'Group changed',
  'group.delete': 'Group deleted',
  'group.members.change': 'Group members changed',
  'catalogue.create': 'Catalogue entry added',
  'catalogue.update': 'Catalogue entry changed',
  'catalogue.delete': 'Catalogue entry deleted',
  'user.invite': 'User invited',
  'user.update': 'User changed',
  'user.deactivate': 'User deactivated',
  'user.activate': 'User activated',
  'user.invitation.resend': 'Invitation sent again',
  'user.invitation.accept': 'Invitation accepted',
  'auth.password.change': 'Password changed',
  'auth.password.reset': 'Password reset',
  'auth.password.reset.request': 'Password reset asked for',
};

/** An entry's details as short "key: value" lines (objects as JSON). */
export const detailLines = (details: Record<string, unknown>): string[] =>
  Object.entries(details).map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
