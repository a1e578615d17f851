import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { groups } from './groups.ts';
import { at, belongsTo, identityId, writtenAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: identityId(),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    jobTitle: text('job_title'),
    /** Null until the user signs in through the validation link of the registration e-mail. */
    emailValidatedAt: at('email_validated_at'),
    currentGroupId: integer('current_group_id').references((): AnyPgColumn => groups.id, { onDelete: 'set null' }),
    createdAt: writtenAt('created_at'),
    /** Set when an administrator switches the user off: sign-in is refused, sessions and API tokens stop. */
    deactivatedAt: at('deactivated_at'),
    /** Set when an administrator invites the user; the password is '!' (matches nothing) until the invitation is used. */
    invitedAt: at('invited_at'),
    invitedBy: integer('invited_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    lastSignInAt: at('last_sign_in_at'),
    /** Base32 TOTP secret (RFC 6238); pending until totp_enabled_at is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: at('totp_enabled_at'),
    /** The last accepted TOTP time step: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/** A role is a named list of permission names (spec 02, section 6). */
export const roles = pgTable('roles', {
  id: identityId(),
  name: text('name').notNull().unique(),
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: belongsTo('user_id', () => users.id),
    roleId: belongsTo('role_id', () => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Single-use links that let a person choose a password: an invitation (7 days) or a reset (1 hour). */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    purpose: text('purpose', { enum: ['invitation', 'reset'] }).notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: writtenAt('created_at'),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId)],
);

/** Ten single-use recovery codes per user with two-factor sign-in, stored hashed. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    userId: belongsTo('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** Personal API tokens for scripts (`Authorization: Bearer`), stored only as their SHA-256. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: identityId(),
    userId: belongsTo('user_id', () => users.id),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique('api_tokens_token_hash_key'),
    createdAt: writtenAt('created_at'),
    expiresAt: at('expires_at'),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);
