import { type SQL, and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { renderedStatement } from '../../db/rendered-select.ts';
import { grantedGroups } from '../../db/granted-groups.ts';
import { memberGroupsAndAncestors, twoFactorSetupRequired } from '../../db/two-factor-requirement.ts';
import { apiTokens, emailValidationTokens, roles, sessions, userRoles, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** How the actor was found: by a session, by an API token (`touch`: its last use is over a minute ago), or by id (null). */
export type ActorCredentialData = { kind: 'session'; sessionId: string } | { kind: 'token'; tokenId: number; name: string; touch: boolean } | null;

/** A user's permissions and group grants (permission id → the groups where they hold it). */
export interface ActorData {
  userId: number;
  permissions: string[];
  grants: Record<string, number[]>;
  credential: ActorCredentialData;
  twoFactorSetupRequired: boolean;
  /** When the credential it was found by ends (null: by user id, or a token without an end). */
  validUntil: Date | null;
}

/** The actor's statement around the user it is about (rendered once: every request asks it). */
const actorOf = (user: SQL) => sql`
  with recursive u as (${user}), ${grantedGroups(sql`(select user_id from u)`)},
    ${memberGroupsAndAncestors(sql`(select user_id from u)`)}
  select u.user_id, u.credential, u.valid_until, ${twoFactorSetupRequired(sql`u.user_id`)} as totp_setup_required,
    -- As JSON, not text[]: node-postgres parses JSON natively, a text[] character by character (about 4 % of the
    -- server's time under bench:api-load, for every request's actor).
    to_json(array(select distinct unnest(r.permissions) from ${roles} r join ${userRoles} ur on ur.role_id = r.id
      where ur.user_id = u.user_id order by 1)) as permissions,
    coalesce((select json_object_agg(permission, group_ids)
      from (select permission, array_agg(group_id) as group_ids from granted group by permission) g), '{}'::json) as grants
  from u`;
const actorByUserId = renderedStatement(['userId'], (v) => actorOf(sql`select ${v.userId}::int as user_id, null::json as credential, null::timestamptz as valid_until`));
const actorByAccessToken = renderedStatement(['hash'], (v) => actorOf(sql`select ${sessions.userId} as user_id,
  json_build_object('kind', 'session', 'sessionId', ${sessions.id}) as credential, ${sessions.accessExpiresAt} as valid_until
  from ${sessions}
  join ${users} on ${users.id} = ${sessions.userId}
  where ${sessions.accessTokenHash} = ${v.hash} and ${sessions.accessExpiresAt} > now() and ${users.deactivatedAt} is null`));
/** A live token of an active user; `touch` says its last use is worth recording (at most once a minute). */
const actorByApiToken = renderedStatement(['hash'], (v) => actorOf(sql`select ${apiTokens.userId} as user_id,
  json_build_object('kind', 'token', 'tokenId', ${apiTokens.id}, 'name', ${apiTokens.name},
    'touch', coalesce(${apiTokens.lastUsedAt} < now() - interval '1 minute', true)) as credential,
    ${apiTokens.expiresAt} as valid_until
  from ${apiTokens} join ${users} on ${users.id} = ${apiTokens.userId}
  where ${apiTokens.tokenHash} = ${v.hash} and (${apiTokens.expiresAt} is null or ${apiTokens.expiresAt} > now())
    and ${users.deactivatedAt} is null`));

export const usersRepo = {
  async findByLogin(db: DbOrTx, login: string): Promise<UserRow | null> {
    const needle = login.trim().toLowerCase();
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${needle} or lower(${users.email}) = ${needle}`)
      .orderBy(users.id)
      .limit(1);
    return row ?? null;
  },

  async findById(db: DbOrTx, id: number): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row ?? null;
  },

  async count(db: DbOrTx): Promise<number> {
    const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${users}`);
    return r.rows[0]?.n ?? 0;
  },

  async insert(db: DbOrTx, user: NewUser): Promise<number> {
    const [row] = await db.insert(users).values(user).returning({ id: users.id });
    if (!row) throw new Error('user insert returned nothing');
    return row.id;
  },

  /**
   * What a request needs to know about its user, in one statement: the permissions of their roles and their group
   * grants (permission → groups, see grantedGroups), how it was found and whether two-factor setup is still owed. By
   * user id, by the hash of an unexpired access token, or by the hash of a live API token (null when nothing holds it).
   * Every API request asks, so it is one round trip instead of three.
   */
  async actorData(db: DbOrTx, who: { userId: number } | { accessTokenHash: string } | { apiTokenHash: string }): Promise<ActorData | null> {
    const statement = 'userId' in who ? actorByUserId({ userId: who.userId })
      : 'accessTokenHash' in who ? actorByAccessToken({ hash: who.accessTokenHash }) : actorByApiToken({ hash: who.apiTokenHash });
    const r = await db.execute<{ user_id: number; permissions: string[]; grants: Record<string, number[]>; credential: ActorCredentialData; totp_setup_required: boolean; valid_until: string | null }>(statement);
    const row = r.rows[0];
    return row
      ? { userId: row.user_id, permissions: row.permissions, grants: row.grants, credential: row.credential, twoFactorSetupRequired: row.totp_setup_required,
        // Drizzle's node-postgres session keeps timestamps as PostgreSQL wrote them.
        validUntil: row.valid_until === null ? null : new Date(row.valid_until) }
      : null;
  },

  async setCurrentGroup(db: DbOrTx, userId: number, groupId: number): Promise<void> {
    await db.update(users).set({ currentGroupId: groupId }).where(eq(users.id, userId));
  },

  async setLastSignIn(db: DbOrTx, userId: number): Promise<void> {
    await db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, userId));
  },

  async markEmailValidated(db: DbOrTx, userId: number): Promise<void> {
    await db.update(users).set({ emailValidatedAt: sql`now()` }).where(eq(users.id, userId));
  },

  async upsertRole(db: DbOrTx, name: string, permissions: readonly string[]): Promise<number> {
    const [row] = await db
      .insert(roles)
      .values({ name, permissions: [...permissions] })
      .onConflictDoUpdate({ target: roles.name, set: { permissions: [...permissions] } })
      .returning({ id: roles.id });
    if (!row) throw new Error('role upsert returned nothing');
    return row.id;
  },

  async assignRole(db: DbOrTx, userId: number, roleId: number): Promise<void> {
    await db.insert(userRoles).values({ userId, roleId }).onConflictDoNothing();
  },

  async insertValidationToken(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    await db.insert(emailValidationTokens).values({ tokenHash, userId, expiresAt });
  },

  /** Marks an unused, unexpired token of this user as used; false when there is none. */
  async useValidationToken(db: DbOrTx, userId: number, tokenHash: string): Promise<boolean> {
    const r = await db
      .update(emailValidationTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailValidationTokens.tokenHash, tokenHash),
          eq(emailValidationTokens.userId, userId),
          isNull(emailValidationTokens.usedAt),
          gt(emailValidationTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: emailValidationTokens.userId });
    return r.length > 0;
  },
};
