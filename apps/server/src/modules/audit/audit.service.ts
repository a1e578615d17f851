import type { AuditAction, AuditEntry } from '@syrx/contracts/audit';
import { AppError } from '@syrx/contracts/errors';
import { type FilteredGridQuery, pageOf } from '@syrx/contracts/grid';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import type { Actor, RequestOrigin } from '../../security/actor.ts';
import { type AuditScope, auditRepo } from './audit.repo.ts';

export const auditLogView = 'audit_log_view';

/** What happened; `actor` is who did it (their origin is "from where" unless `origin` is given). */
export interface AuditRecord {
  action: AuditAction;
  /** Acting through a personal API token (its credential): the entry names the token beside the user. */
  actor?: Pick<Actor, 'userId' | 'origin' | 'credential'> | null;
  /** The name tried when there is no actor (a failed sign-in). */
  username?: string | null;
  origin?: RequestOrigin | null;
  /** What it was done to: e.g. { type: 'syrx_controller', id, groupId } (the group decides who may read the entry). */
  target?: { type: string; id: string; groupId?: number | null } | null;
  details?: Record<string, unknown>;
}

/**
 * The audit log: other modules call record() for what must be traceable (terminals, BACnet writes, enabled services,
 * controllers registered, created or deleted, failed sign-ins); readers need audit_log_view and see the entries of
 * the groups they see (every entry, those without a group included, with groups_allow_all).
 */
export function createAuditService(db: Db, groups: Pick<GroupsService, 'visibleIds'>) {
  async function scopeOf(actor: Actor): Promise<AuditScope> {
    if (!actor.permissions.has(auditLogView)) throw AppError.forbidden('Reading the audit log needs the audit_log_view permission.');
    return actor.allowAll ? { all: true } : { groupIds: await groups.visibleIds(actor) };
  }

  return {
    /** Writes one entry; pass `tx` to make it part of the change it records. */
    async record(r: AuditRecord, tx: DbOrTx = db): Promise<void> {
      const origin = r.origin ?? r.actor?.origin ?? null;
      const token = r.actor?.credential?.kind === 'token' ? r.actor.credential : null;
      await auditRepo.insert(tx, {
        userId: r.actor?.userId ?? null,
        username: r.username?.slice(0, 200) ?? null,
        apiToken: token?.name ?? null,
        action: r.action,
        targetType: r.target?.type ?? null,
        targetId: r.target?.id ?? null,
        groupId: r.target?.groupId ?? null,
        details: token ? { ...r.details, api_token_id: token.tokenId } : (r.details ?? {}),
        ip: origin?.ip ?? null,
        userAgent: origin?.userAgent ?? null,
      });
    },

    async list(actor: Actor, q: FilteredGridQuery): Promise<AuditEntry[]> {
      return auditRepo.list(db, await scopeOf(actor), q, pageOf(q, 50));
    },

    async count(actor: Actor, q: FilteredGridQuery): Promise<number> {
      return auditRepo.count(db, await scopeOf(actor), q.filters);
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
/** The part other modules use. */
export type AuditRecorder = Pick<AuditService, 'record'>;
