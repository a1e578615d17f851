import type { ApiToken, ApiTokenCreate, CreatedApiToken } from '@syrx/contracts/api-tokens';
import { AppError } from '@syrx/contracts/errors';
import type { Db } from '../../db/client.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Actor, RequestOrigin } from '../../security/actor.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { UsersService } from './users.service.ts';
import { apiTokensRepo as repo } from './api-tokens.repo.ts';

/** The prefix of every personal API token, so a leaked one is recognisable (secret scanners, logs). */
export const apiTokenPrefix = 'syrx_';

/**
 * Personal API tokens: created by their owner (the secret shown once, stored as its SHA-256), listed without secrets,
 * revoked; a request with one acts as the owner with the owner's permissions (docs/security.md, "API tokens").
 */
export function createApiTokensService(db: Db, users: Pick<UsersService, 'apiTokenActor'>, audit: AuditRecorder) {
  const target = (id: number) => ({ type: 'api_token', id: String(id) });
  return {
    async create(actor: Actor, body: ApiTokenCreate): Promise<CreatedApiToken> {
      const token = `${apiTokenPrefix}${newToken()}`;
      return db.transaction(async (tx) => {
        const row = await repo.insert(tx, { userId: actor.userId, name: body.name, tokenHash: hashToken(token), expiresInDays: body.expires_in_days });
        await audit.record({ action: 'api_token.create', actor, target: target(row.id), details: { name: row.name, expires_at: row.expires_at } }, tx);
        return { ...row, token };
      });
    },

    list(actor: Actor): Promise<ApiToken[]> {
      return repo.list(db, actor.userId);
    },

    async revoke(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const name = await repo.delete(tx, actor.userId, id);
        if (name === null) throw AppError.notFound('The API token');
        await audit.record({ action: 'api_token.revoke', actor, target: target(id), details: { name } }, tx);
      });
    },

    /**
     * The owner of a live token (ActorSource). Its last use is recorded, and audited, at most once a minute per token,
     * so a script's every read does not write.
     */
    async actorOfApiToken(token: string, origin: RequestOrigin): Promise<Actor | null> {
      const found = await users.apiTokenActor(token);
      if (!found) return null;
      const { actor, touch } = found;
      if (touch && actor.credential?.kind === 'token' && (await repo.touch(db, actor.credential.tokenId))) {
        await audit.record({ action: 'api_token.use', actor: { ...actor, origin }, target: target(actor.credential.tokenId) });
      }
      return actor;
    },
  };
}
export type ApiTokensService = ReturnType<typeof createApiTokensService>;
