import { z } from 'zod';
import { filteredGridQuerySchema } from './grid.ts';

/** What the audit log records (who, what, when, from where); terminal.refused: a user not allowed to open a terminal tried. */
export const auditActions = [
  'terminal.open', 'terminal.close', 'terminal.refused', 'bacnet.write', 'controller.services.change', 'controller.register', 'controller.create',
  'controller.delete', 'auth.signin.failed', 'auth.refresh.reused',
  'auth.totp.enable', 'auth.totp.disable', 'auth.totp.recovery_code_used', 'api_token.create', 'api_token.revoke', 'api_token.use',
  'group.create', 'group.update', 'group.delete', 'group.members.change',
  'catalogue.create', 'catalogue.update', 'catalogue.delete',
  'user.invite', 'user.update', 'user.deactivate', 'user.activate', 'user.invitation.resend', 'user.invitation.accept',
  'auth.password.change', 'auth.password.reset', 'auth.password.reset.request',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  action: z.enum(auditActions),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  group_id: z.number().int().nullable(),
  /** The group's name when the server joins it (the Admin screen shows it instead of the id). */
  group_name: z.string().nullable().optional(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/v2/audit-log and /count (audit_log_view): newest first by default; filters on action, username, target. */
export const auditQuerySchema = filteredGridQuerySchema;
export const sortableAuditFields = ['at', 'action', 'username', 'target_type', 'target_id', 'ip'] as const;
export const filterableAuditFields = { action: 'string', username: 'string', target_type: 'string', target_id: 'string', ip: 'string', at: 'date' } as const;
