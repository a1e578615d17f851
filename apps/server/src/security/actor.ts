/**
 * Who a request or socket event acts for: the identity types every floor above may name (plugins, modules, the app).
 * The users module builds an Actor; the session plugin and the socket authentication attach it; services check it.
 */

/** Who is asking: a member sees their groups and every descendant; allowAll sees every group. */
export interface GroupViewer {
  userId: number;
  allowAll: boolean;
}

/** Where a user holds each group permission through group roles: permission id → the groups (descendants included). */
export type GroupGrants = ReadonlyMap<string, ReadonlySet<number>>;

/** Where a request or socket came from, for the audit log. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** What a request knows about its signed-in user. */
export interface Actor extends GroupViewer {
  permissions: ReadonlySet<string>;
  /** Group permissions through group roles, and where (absent: none); see docs/permissions.md. */
  groupGrants?: GroupGrants;
  /** Set by the session guard (HTTP) and the socket authentication. */
  origin?: RequestOrigin;
}

/** What the session guard needs to resolve a request's actor (the users service is one). */
export interface ActorSource {
  /** The signed-in user of an access token (a session cookie), or null when no live session holds it. */
  actorOfAccessToken(access: string | undefined): Promise<Actor | null>;
}
