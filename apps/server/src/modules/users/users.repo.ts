import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emailValidationTokens, roles, userRoles, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

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

  async permissions(db: DbOrTx, userId: number): Promise<string[]> {
    const r = await db.execute<{ p: string }>(sql`
      select distinct unnest(r.permissions) as p from ${roles} r
      join ${userRoles} ur on ur.role_id = r.id where ur.user_id = ${userId} order by 1`);
    return r.rows.map((x) => x.p);
  },

  async setCurrentGroup(db: DbOrTx, userId: number, groupId: number): Promise<void> {
    await db.update(users).set({ currentGroupId: groupId }).where(eq(users.id, userId));
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
