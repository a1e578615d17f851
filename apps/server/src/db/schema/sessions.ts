import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { at, belongsTo, identityId, writtenAt } from './columns.ts';

/**
 * A signed-in browser. Both tokens are random and stored only as SHA-256 hashes: the access token is
 * short-lived; the refresh token is replaced on every refresh (rotation).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: belongsTo('user_id', () => users.id),
    accessTokenHash: text('access_token_hash').notNull().unique(),
    accessExpiresAt: at('access_expires_at').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    refreshExpiresAt: at('refresh_expires_at').notNull(),
    createdAt: writtenAt('created_at'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const emailValidationTokens = pgTable('email_validation_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: belongsTo('user_id', () => users.id),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/** Mail that was not sent because no SMTP_URL is configured, kept so an operator can read it. */
export const emailOutbox = pgTable('email_outbox', {
  id: identityId(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  bodyText: text('body_text').notNull(),
  createdAt: writtenAt('created_at'),
});

/**
 * Refresh tokens already rotated away, kept per session (the token family) so that a replay is recognised: a replay
 * shortly after the rotation is a second tab racing the first and is answered without new tokens; a later replay
 * means the token was stolen, and the whole session is revoked.
 */
export const usedRefreshTokens = pgTable(
  'used_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    rotatedAt: writtenAt('rotated_at'),
  },
  (t) => [index('used_refresh_tokens_session_idx').on(t.sessionId)],
);
