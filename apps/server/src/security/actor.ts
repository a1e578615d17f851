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

/**
 * How a request proved who it is: a browser session (whose id keys its XSRF token) or a personal API token
 * (`Authorization: Bearer`, named by its owner; the audit log shows the name).
 */
export type ActorCredential = { kind: 'session'; sessionId: string } | { kind: 'token'; tokenId: number; name: string };

/** What a request knows about its signed-in user. */
export interface Actor extends GroupViewer {
  permissions: ReadonlySet<string>;
  /** Group permissions through group roles, and where (absent: none); see docs/permissions.md. */
  groupGrants?: GroupGrants;
  /** Set by the session guard (HTTP) and the socket authentication. */
  origin?: RequestOrigin;
  /** Set when the actor was resolved from a request's credential (absent: looked up by user id). */
  credential?: ActorCredential;
  /**
   * A group of the user requires two-factor sign-in and they have not set it up: only its setup is open to them
   * (the session guard answers everything else 403 totp_setup_required).
   */
  twoFactorSetupRequired?: boolean;
}

/** What the session guard needs to resolve a request's actor (app.ts builds it from the users and API tokens services). */
export interface ActorSource {
  /** The signed-in user of an access token (a session cookie), or null when no live session holds it. */
  actorOfAccessToken(access: string | undefined): Promise<Actor | null>;
  /**
   * The owner of a personal API token, or null when none is live (revoked, expired, or its owner deactivated).
   * `origin` is where the request came from (a use is audited, at most once a minute per token).
   */
  actorOfApiToken(token: string, origin: RequestOrigin): Promise<Actor | null>;
}
